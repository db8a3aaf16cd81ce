import { Anchor, Box, Group, Stack, Text } from "@mantine/core";
import { formatBalance, type StatementEntry } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/shared/format/date";
import { useStatement } from "../api/get-statement";
import { LoadMoreSection } from "./load-more-section";
import { withdrawalAnchor } from "./withdrawal-list";

/** A signed amount: "+500,00 ₽" for money in, "−1 200,00 ₽" (a real minus) for money out. */
function signed(amount: number): string {
  return amount > 0 ? `+${formatBalance(amount)}` : `−${formatBalance(-amount)}`;
}

/** What the movement belongs to: the deal's product, the top-up (its status) or the withdrawal in the list below. */
function EntrySubject({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation("wallet");
  if (entry.product) {
    return (
      <Anchor component={Link} to={`/product/${encodeURIComponent(entry.product.id)}`} size="sm" lineClamp={1}>
        {entry.product.title}
      </Anchor>
    );
  }
  if (entry.top_up_id) {
    return (
      <Anchor component={Link} to={`/wallet?top_up=${encodeURIComponent(entry.top_up_id)}`} size="sm">
        {t("statement.topUpLink")}
      </Anchor>
    );
  }
  if (entry.withdrawal_id) {
    return (
      <Anchor href={`#${withdrawalAnchor(entry.withdrawal_id)}`} size="sm">
        {t("statement.withdrawalLink")}
      </Anchor>
    );
  }
  return null;
}

function StatementRow({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation("wallet");
  return (
    <Box component="li" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm">
            {t(`statement.kind.${entry.kind}`)}
          </Text>
          <EntrySubject entry={entry} />
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.created_at)}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700} c={entry.amount > 0 ? "teal.9" : undefined} style={{ whiteSpace: "nowrap" }}>
            {signed(entry.amount)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {t(entry.account === "guarantee" ? "statement.heldAfter" : "statement.balanceAfter", {
              balance: formatBalance(entry.balance_after),
            })}
          </Text>
        </Stack>
      </Group>
    </Box>
  );
}

/** Every movement of the user's money, newest first, twenty at a time. */
export function StatementList() {
  const { t } = useTranslation("wallet");
  const statement = useStatement();
  const entries = statement.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <LoadMoreSection
      id="statement-title"
      title={t("statement.title")}
      loadError={t("statement.loadError")}
      empty={t("statement.empty")}
      query={statement}
      rows={entries.map((entry) => (
        <StatementRow key={entry.id} entry={entry} />
      ))}
    />
  );
}
