import { useTranslation } from "react-i18next";
import { BackButton, HomeButton } from "./status-actions";
import { StatusScreen } from "./status-screen";

/** /404: the profile page redirects here when the API answers 404 for the username. */
export function ProfileNotFoundPage() {
  const { t } = useTranslation("status");
  return (
    <StatusScreen
      code="404"
      title={t("profileNotFound.title")}
      text={t("profileNotFound.text")}
      actions={
        <>
          <BackButton />
          <HomeButton />
        </>
      }
    />
  );
}
