import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SettingsSection } from "./settings-section";

/** Where the seller API's tokens and webhooks live: a page of their own, as they are lists with details. */
export function ApiSettingsLink() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection title={t("api.linkTitle")} description={t("api.linkText")}>
      <Group>
        <Button component={Link} to="/settings/api" variant="default">
          {t("api.linkButton")}
        </Button>
      </Group>
    </SettingsSection>
  );
}
