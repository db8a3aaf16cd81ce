import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useDownloadAccountExport } from "../api/export-account";
import { SettingsSection } from "./settings-section";

/** Download of one's own data as a JSON file. */
export function ExportSettings() {
  const { t } = useTranslation("settings");
  const download = useDownloadAccountExport();
  return (
    <SettingsSection title={t("export.title")} description={t("export.description")}>
      <Group>
        <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
          {t("export.download")}
        </Button>
      </Group>
    </SettingsSection>
  );
}
