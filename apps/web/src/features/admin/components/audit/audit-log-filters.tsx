import { CloseButton, Group, Select, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AUDIT_ACTIONS, auditTargetTypeSchema, type AuditTargetType } from "@lootlane/contract";
import { UserFilter } from "../users/user-filter";
import { auditActionLabel } from "./audit-action-label";
import type { AuditLogFilter } from "../../api/get-audit-log";

const ANY = "any";

interface AuditLogFiltersProps {
  filter: AuditLogFilter;
  /** The chosen target's name, when the page shows one of its entries. */
  targetName: string | null;
  onChange: (next: Partial<AuditLogFilter>) => void;
}

/**
 * The audit log's filters: the admin (searched by name or e-mail), the action, the kind of target, and one target
 * once chosen from an entry. An action in the address that the list does not offer is still shown as chosen.
 */
export function AuditLogFilters({ filter, targetName, onChange }: AuditLogFiltersProps) {
  const { t } = useTranslation("admin");
  const actions =
    filter.action && !AUDIT_ACTIONS.some((a) => a === filter.action)
      ? [...AUDIT_ACTIONS, filter.action]
      : AUDIT_ACTIONS;
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <UserFilter label={t("auditLog.admin")} userId={filter.adminId} onChange={(adminId) => onChange({ adminId })} />
      <Select
        label={t("auditLog.action")}
        data={[
          { value: ANY, label: t("auditLog.anyAction") },
          ...actions.map((action) => ({ value: action, label: auditActionLabel(t, action) })),
        ]}
        value={filter.action ?? ANY}
        onChange={(next) => onChange({ action: next === null || next === ANY ? null : next })}
        allowDeselect={false}
        w={{ base: "100%", xs: 260 }}
      />
      <Select
        label={t("auditLog.targetType")}
        data={[
          { value: ANY, label: t("auditLog.anyTarget") },
          ...auditTargetTypeSchema.options.map((type) => ({ value: type, label: t(`auditLog.targetTypes.${type}`) })),
        ]}
        value={filter.targetType ?? ANY}
        onChange={(next) =>
          onChange({
            targetType: next === null || next === ANY ? null : (next as AuditTargetType),
            targetId: null,
          })
        }
        allowDeselect={false}
        w={{ base: "100%", xs: 200 }}
      />
      {filter.targetId && (
        <Group gap={4} wrap="nowrap" miw={0} role="group" aria-label={t("auditLog.target")}>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("userFilter.chosen", { label: t("auditLog.target"), name: targetName ?? filter.targetId })}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t("auditLog.anyTargetOf", { name: targetName ?? filter.targetId })}
            onClick={() => onChange({ targetId: null })}
          />
        </Group>
      )}
    </Group>
  );
}
