import { useId } from "react";
import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AuditLogEntry } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { Fact } from "../fact";
import { auditActionLabel } from "./audit-action-label";
import { AuditChanges } from "./audit-changes";

interface AuditLogCardProps {
  entry: AuditLogEntry;
  onAdmin: (adminId: string) => void;
  onTarget: (target: { type: string; id: string }) => void;
}

/**
 * One admin action of /admin/audit-log: what was done, by whom, to whom or what, when, and what it changed.
 * The admin's and the target's names narrow the log to them.
 */
export function AuditLogCard({ entry, onAdmin, onTarget }: AuditLogCardProps) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const action = auditActionLabel(t, entry.action);
  const target = entry.target_name ?? entry.target_id;
  return (
    <Card component="li" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text id={titleId} fw={700} style={{ overflowWrap: "anywhere" }}>
            {action}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.created_at)}
          </Text>
        </Group>
        <Group gap="lg" align="flex-start">
          <Fact label={t("auditLog.admin")}>
            <Anchor
              component="button"
              type="button"
              inherit
              onClick={() => onAdmin(entry.admin.id)}
              aria-label={t("auditLog.onlyAdmin", { name: entry.admin.username })}
            >
              {entry.admin.username}
            </Anchor>
          </Fact>
          <Fact label={t("auditLog.target")}>
            <Group gap={6} wrap="wrap">
              <Badge variant="outline" color="gray">
                {t(`auditLog.targetTypes.${entry.target_type}`, { defaultValue: entry.target_type })}
              </Badge>
              <Anchor
                component="button"
                type="button"
                inherit
                ta="start"
                style={{ overflowWrap: "anywhere" }}
                onClick={() => onTarget({ type: entry.target_type, id: entry.target_id })}
                aria-label={t("auditLog.onlyTarget", { name: target })}
              >
                {target}
              </Anchor>
            </Group>
          </Fact>
        </Group>
        <AuditChanges entry={entry} />
      </Stack>
    </Card>
  );
}
