import { useTranslation } from "react-i18next";
import { BackButton, HomeButton } from "./status-actions";
import { StatusScreen } from "./status-screen";

/** Any unknown path (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation("status");
  return (
    <StatusScreen
      code="404"
      title={t("notFound.title")}
      text={t("notFound.text")}
      actions={
        <>
          <BackButton />
          <HomeButton />
        </>
      }
    />
  );
}
