import { useTranslation } from "react-i18next";
import { HomeButton } from "./status-actions";
import { StatusScreen } from "./status-screen";

/** /not-access: where non-admins land when they open an admin route. */
export function NotAccessPage() {
  const { t } = useTranslation("status");
  return (
    <StatusScreen code="403" title={t("notAccess.title")} text={t("notAccess.text")} actions={<HomeButton primary />} />
  );
}
