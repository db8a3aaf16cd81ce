import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { HomeButton } from "./status-actions";
import { StatusScreen } from "./status-screen";
import { useGoBack } from "./use-go-back";

/** /error: screens redirect here when loading failed for a reason other than 404. */
export function ErrorPage() {
  const { t } = useTranslation("status");
  const { t: tc } = useTranslation("common");
  // Going back re-opens the page that failed, which loads its data again.
  const retry = useGoBack();
  return (
    <StatusScreen
      title={t("error.title")}
      text={t("error.text")}
      actions={
        <>
          <Button onClick={retry}>{tc("retry")}</Button>
          <HomeButton />
        </>
      }
    />
  );
}
