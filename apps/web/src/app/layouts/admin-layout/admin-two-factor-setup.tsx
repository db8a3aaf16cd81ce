import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TwoFactorSetup } from "@/features/settings/components/two-factor-setup";

/**
 * What an admin without two-factor sign-in sees instead of the admin area (the API refuses them every admin
 * call until it is on): the same set-up as in Settings.
 */
export function AdminTwoFactorSetup() {
  const { t } = useTranslation("layout");
  return (
    <Card maw={560} mx="auto" component="section" aria-labelledby="admin-two-factor-title">
      <Stack gap="md">
        <Title order={1} fz="h3" id="admin-two-factor-title">
          {t("admin.twoFactorTitle")}
        </Title>
        <Text size="sm">{t("admin.twoFactorText")}</Text>
        <TwoFactorSetup />
      </Stack>
    </Card>
  );
}
