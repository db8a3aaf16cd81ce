import { Anchor, Box, Code, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "@/shared/ui/page-title";
import { ApiTokensSettings } from "../components/api-tokens-settings";
import { WebhooksSettings } from "../components/webhooks-settings";

/** /settings/api (issue 25): the seller API's personal access tokens and webhooks. */
export function ApiSettingsPage() {
  const { t } = useTranslation("settings");
  return (
    <Box maw={720} mx="auto">
      <Anchor component={Link} to="/settings" size="sm">
        {t("api.back")}
      </Anchor>
      <PageTitle>{t("api.title")}</PageTitle>
      <Stack gap="lg">
        {/* Plain strings, not react-i18next's Trans: its parser would join the vendor chunk every page loads. */}
        <Stack gap={4}>
          <Text size="sm">{t("api.intro")}</Text>
          <Text size="sm">
            {t("api.authHeader")} <Code>Authorization: Bearer …</Code>
          </Text>
          <Anchor href="/v1/docs" target="_blank" rel="noreferrer" size="sm">
            {t("api.docs")}
          </Anchor>
        </Stack>
        <ApiTokensSettings />
        <WebhooksSettings />
      </Stack>
    </Box>
  );
}
