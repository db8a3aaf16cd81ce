import { useEffect } from "react";
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { reloadPage } from "@/shared/lib/reload-page";
import { HomeButton } from "../pages/status-actions";
import { StatusScreen } from "../pages/status-screen";

/**
 * A screen that crashed, or whose code failed to download (e.g. after a new release replaced the hashed files):
 * a reload fetches fresh code and data.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("status");
  const { t: tc } = useTranslation("common");
  useEffect(() => console.error(error), [error]);
  return (
    <StatusScreen
      title={t("error.title")}
      text={t("error.text")}
      actions={
        <>
          <Button onClick={reloadPage}>{tc("retry")}</Button>
          <HomeButton />
        </>
      }
    />
  );
}
