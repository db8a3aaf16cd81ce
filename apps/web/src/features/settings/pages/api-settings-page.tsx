import { Anchor, Box, Code, Stack, Text } from "@mantine/core";
import { Trans, useTranslation } from "react-i18next";
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
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="api.intro"
            components={{ code: <Code />, docs: <Anchor href="/v1/docs" target="_blank" rel="noreferrer" /> }}
          />
        </Text>
        <ApiTokensSettings />
        <WebhooksSettings />
      </Stack>
    </Box>
  );
}
