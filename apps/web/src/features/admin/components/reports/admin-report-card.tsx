import { useId, useState } from "react";
import { Anchor, Badge, Button, Card, Group, Stack, Text, type MantineColor } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Report, ReportDecision, ReportStatus } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { useResolveReport } from "../../api/resolve-report";
import { Fact } from "../fact";
import { AdminProductStatusBadge } from "../products/admin-product-status-badge";
import { ResolveReportModal } from "./resolve-report-modal";

const STATUS_COLORS: Record<ReportStatus, MantineColor> = { open: "orange", resolved: "teal", dismissed: "gray" };

/** The two ways to decide an open report, in the order the card offers them. */
const DECISIONS = [
  { decision: "resolved", color: "teal", label: "resolve", ariaLabel: "resolveReport" },
  { decision: "dismissed", color: "gray", label: "dismiss", ariaLabel: "dismissReport" },
] as const satisfies ReadonlyArray<{ decision: ReportDecision; color: MantineColor; label: string; ariaLabel: string }>;

/** What the report is about, as its card names it and links to it. */
function targetOf(report: Report): { name: string; to: string } {
  if (report.product) return { name: report.product.title, to: `/product/${report.product.id}` };
  const username = report.user?.username ?? "";
  return { name: username, to: `/profile/${encodeURIComponent(username)}` };
}

/**
 * One report of /admin/reports: what it is about (a link to the listing or the profile, with its status), who
 * sent it, why, when; while open, Resolve and Dismiss, each with a note; once decided, who decided it and the note.
 */
export function AdminReportCard({ report }: { report: Report }) {
  const { t } = useTranslation("adminReports");
  const { t: tr } = useTranslation("reports");
  const titleId = useId();
  const resolve = useResolveReport();
  const [asking, setAsking] = useState<ReportDecision | null>(null);
  const target = targetOf(report);
  const vars = { target: target.name };

  function ask(decision: ReportDecision) {
    resolve.reset();
    setAsking(decision);
  }

  function confirm(note: string) {
    if (!asking) return;
    const decision = asking;
    resolve.mutate(
      { id: report.id, request: { status: decision, ...(note ? { note } : {}) } },
      {
        onSuccess: () => {
          setAsking(null);
          notifications.show({
            color: "green",
            message: t(decision === "resolved" ? "resolveDialog.done" : "dismissDialog.done", vars),
          });
        },
      },
    );
  }

  return (
    <Card component="li" aria-label={t("cardName", vars)} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Badge variant="outline" color="gray">
              {t(`target.${report.target}`)}
            </Badge>
            <Anchor id={titleId} component={Link} to={target.to} fw={700} style={{ overflowWrap: "anywhere" }}>
              {target.name}
            </Anchor>
            {report.product && <AdminProductStatusBadge status={report.product.status} />}
            {report.user?.is_banned && (
              <Badge color="red" variant="light">
                {t("banned")}
              </Badge>
            )}
          </Group>
          <Badge color={STATUS_COLORS[report.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`status.${report.status}`)}
          </Badge>
        </Group>
        <Group gap="lg" align="flex-start">
          <Fact label={t("reason")}>{tr(`reasons.${report.reason}`)}</Fact>
          <Fact label={t("reporter")}>
            <Anchor component={Link} to={`/profile/${encodeURIComponent(report.reporter.username)}`} inherit>
              {report.reporter.username}
            </Anchor>
          </Fact>
          <Fact label={t("sent")}>{formatDateTime(report.created_at)}</Fact>
        </Group>
        <Fact label={t("text")}>
          {report.text ? (
            <span style={{ whiteSpace: "pre-line" }}>{report.text}</span>
          ) : (
            <Text span size="sm" c="dimmed">
              {t("noText")}
            </Text>
          )}
        </Fact>
        {report.resolved_by && report.resolved_at && (
          <Text size="sm" c="dimmed">
            {t("decided", { admin: report.resolved_by.username, date: formatDateTime(report.resolved_at) })}
          </Text>
        )}
        {report.resolution_note && <Fact label={t("note")}>{report.resolution_note}</Fact>}
        {report.status === "open" && (
          <Group gap="xs">
            {DECISIONS.map(({ decision, color, label, ariaLabel }) => (
              <Button
                key={decision}
                size="xs"
                color={color}
                variant="light"
                onClick={() => ask(decision)}
                aria-label={t(ariaLabel, vars)}
              >
                {t(label)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <ResolveReportModal
        key={asking ?? "closed"}
        decision={asking}
        pending={resolve.isPending}
        error={resolve.error}
        onConfirm={confirm}
        onClose={() => {
          setAsking(null);
          resolve.reset();
        }}
      />
    </Card>
  );
}
