import { Alert, Anchor, Box, Button, Card, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { errorText } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { currentLanguage } from "@/shared/i18n/language";
import { PageLoader } from "@/shared/ui/page-loader";
import { PageTitle } from "@/shared/ui/page-title";
import { useUnsubscribe, useUnsubscribeLink } from "../api/unsubscribe";

/**
 * /unsubscribe?token=… (the link in every notification e-mail): asks before turning one event's e-mails off, then
 * says it is done. No sign-in: the signed token names the user and the event.
 */
export function UnsubscribePage() {
  const { t } = useTranslation("notifications");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const link = useUnsubscribeLink(token);
  const stop = useUnsubscribe(token);

  let content;
  if (token === "" || link.isError) {
    content = (
      <Alert color="red" title={t("unsubscribe.invalid")} role="alert">
        {link.isError ? describeError(link.error) : errorText("UNSUBSCRIBE_LINK_INVALID", currentLanguage())}
      </Alert>
    );
  } else if (link.isPending) {
    content = <PageLoader />;
  } else {
    const event = t(`events.${link.data.event}`);
    const off = stop.isSuccess || !link.data.email;
    content = (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          {off ? (
            <Alert color="teal" role="status">
              {stop.isSuccess ? t("unsubscribe.done", { event }) : t("unsubscribe.alreadyOff", { event })}
            </Alert>
          ) : (
            <>
              <Text fw={600}>{t("unsubscribe.question", { event })}</Text>
              <Text size="sm" c="dimmed">
                {t("unsubscribe.explain")}
              </Text>
              {stop.isError && (
                <Alert color="red" title={t("unsubscribe.failed")} role="alert">
                  {describeError(stop.error)}
                </Alert>
              )}
              <Box>
                <Button onClick={() => stop.mutate()} loading={stop.isPending}>
                  {t("unsubscribe.confirm")}
                </Button>
              </Box>
            </>
          )}
          <Anchor component={Link} to="/settings" size="sm">
            {t("unsubscribe.settings")}
          </Anchor>
        </Stack>
      </Card>
    );
  }

  return (
    <Box maw={560} mx="auto">
      <PageTitle>{t("unsubscribe.title")}</PageTitle>
      {content}
    </Box>
  );
}
