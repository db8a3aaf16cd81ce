import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useSignOut } from "@/shared/auth/sign-out";
import { useLogoutAll } from "../api/logout-all";
import { SettingsSection } from "./settings-section";

/** Sign out here, or everywhere; "everywhere" also ends this session, so it asks first. */
export function SessionsSettings() {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation("common");
  const signOut = useSignOut();
  const logoutAll = useLogoutAll();
  const [confirming, { open, close }] = useDisclosure(false);

  return (
    <SettingsSection title={t("sessions.title")} description={t("sessions.description")}>
      <Group gap="sm">
        <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>
          {t("sessions.signOut")}
        </Button>
        <Button variant="outline" color="red" onClick={open}>
          {t("sessions.signOutAll")}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={close} title={t("sessions.confirmTitle")} centered>
        <Stack gap="lg">
          <Text size="sm">{t("sessions.confirmText")}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {tc("cancel")}
            </Button>
            <Button color="red" onClick={() => logoutAll.mutate()} loading={logoutAll.isPending}>
              {t("sessions.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
