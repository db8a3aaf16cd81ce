import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { formatPrice, type TestPayment } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { toApiError } from "@/shared/api/api-error";
import { describeError } from "@/shared/errors/error-message";
import { leaveFor } from "@/shared/lib/leave-for";
import { useDecideTestPayment, useTestPayment, type TestPaymentDecision } from "../api/test-payment";

function Decided({ payment }: { payment: TestPayment }) {
  const { t } = useTranslation("wallet");
  return (
    <Stack gap="md">
      <Alert color={payment.status === "succeeded" ? "green" : "gray"} role="status">
        {t(payment.status === "succeeded" ? "checkout.alreadyPaid" : "checkout.alreadyDeclined")}
      </Alert>
      <Button onClick={() => leaveFor(payment.return_url)}>{t("checkout.back")}</Button>
    </Stack>
  );
}

function Pending({ payment }: { payment: TestPayment }) {
  const { t } = useTranslation("wallet");
  const decide = useDecideTestPayment(payment.id);
  const busy = decide.isPending || decide.isSuccess;

  function send(decision: TestPaymentDecision) {
    decide.mutate({ id: payment.id, decision }, { onSuccess: () => leaveFor(payment.return_url) });
  }

  return (
    <Stack gap="md">
      {decide.isError && (
        <Alert color="red" role="alert">
          {describeError(decide.error)}
        </Alert>
      )}
      <Group grow>
        <Button
          variant="default"
          onClick={() => send("decline")}
          loading={decide.isPending && decide.variables.decision === "decline"}
          disabled={busy}
        >
          {t("checkout.decline")}
        </Button>
        <Button
          color="green"
          onClick={() => send("pay")}
          loading={decide.isPending && decide.variables.decision === "pay"}
          disabled={busy}
        >
          {t("checkout.pay", { amount: formatPrice(payment.amount) })}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /pay/test/{id}: the built-in test checkout (PAYMENTS_PROVIDER=test), standing in for a provider's payment page.
 * It says plainly that no real money moves; Pay and Decline answer as a provider's test shop would, then the
 * payer goes back to where the top-up was started.
 */
export function TestCheckoutPage() {
  const { t } = useTranslation("wallet");
  const { id = "" } = useParams();
  const payment = useTestPayment(id);
  useDocumentTitle(t("checkout.documentTitle"));

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack gap="md" w="100%" maw={440}>
        <Alert
          color="orange"
          variant="filled"
          radius="md"
          role="note"
          title={t("checkout.banner")}
          styles={{ title: { fontSize: "var(--mantine-font-size-xl)", letterSpacing: "0.05em" } }}
        >
          {t("checkout.bannerText")}
        </Alert>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={1} fz="h3">
              {t("checkout.title")}
            </Title>
            {payment.data ? (
              <>
                <Text fz={32} fw={700} style={{ whiteSpace: "nowrap" }}>
                  {formatPrice(payment.data.amount)}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {payment.data.description}
                </Text>
                {payment.data.status === "pending" ? (
                  <Pending payment={payment.data} />
                ) : (
                  <Decided payment={payment.data} />
                )}
              </>
            ) : payment.isError ? (
              <Alert color="red" role="alert">
                {toApiError(payment.error).status === 404 ? t("checkout.notFound") : describeError(payment.error)}
              </Alert>
            ) : (
              <Center>
                <Loader role="progressbar" aria-label={t("loading")} />
              </Center>
            )}
          </Stack>
        </Card>
      </Stack>
    </Center>
  );
}
