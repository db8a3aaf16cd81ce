import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { LOCAL_NETWORK_PLACE, type SignInSession } from "@lootlane/contract";
import { useSignOut } from "@/shared/auth/sign-out";
import { formatDateTime } from "@/shared/format/date";
import { currentLanguage } from "@/shared/i18n/language";
import { useLogoutAll } from "../api/logout-all";
import { useEndSignIn, useSignIns } from "../api/sign-ins";
import { SettingsSection } from "./settings-section";

/**
 * The user's signed-in devices, each with "sign out this one", then sign out here or everywhere ("everywhere"
 * also ends this session, so it asks first).
 */
export function SessionsSettings() {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation("common");
  const signOut = useSignOut();
  const logoutAll = useLogoutAll();
  const [confirming, { open, close }] = useDisclosure(false);

  return (
    <SettingsSection title={t("sessions.title")} description={t("sessions.description")}>
      <SignInList />
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

function SignInList() {
  const { t } = useTranslation("settings");
  const signIns = useSignIns();
  if (signIns.isPending) return <Loader size="sm" role="progressbar" aria-label={t("sessions.loading")} />;
  if (signIns.isError)
    return (
      <Text size="sm" c="red.9">
        {t("sessions.loadError")}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("sessions.listLabel")}>
      {signIns.data.map((signIn) => (
        <SignInRow key={signIn.id} signIn={signIn} />
      ))}
    </Stack>
  );
}

function SignInRow({ signIn }: { signIn: SignInSession }) {
  const { t } = useTranslation("settings");
  const endSignIn = useEndSignIn();
  const device = [signIn.browser, signIn.os].filter(Boolean).join(", ") || t("sessions.unknownDevice");
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={500} size="sm">
              {device}
            </Text>
            {signIn.current && (
              <Badge size="sm" variant="light" color="teal">
                {t("sessions.thisDevice")}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t("sessions.details", {
              place: placeName(signIn.place, {
                unknown: t("sessions.unknownPlace"),
                local: t("sessions.localNetwork"),
              }),
              time: formatDateTime(signIn.last_active_at),
            })}
          </Text>
        </Stack>
        {!signIn.current && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => endSignIn.mutate(signIn.id)}
            loading={endSignIn.isPending}
            aria-label={t("sessions.endOneLabel", { device })}
          >
            {t("sessions.endOne")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** A country's name in the interface language; the local network and an unknown place in words. */
function placeName(place: string | null, words: { unknown: string; local: string }): string {
  if (place === null) return words.unknown;
  if (place === LOCAL_NETWORK_PLACE) return words.local;
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: "region" }).of(place) ?? place;
  } catch {
    return place;
  }
}
