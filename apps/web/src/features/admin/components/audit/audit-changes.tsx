import { Box, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AuditLogEntry } from "@lootlane/contract";

/** A stored value as one line of text: lists joined, anything nested as JSON, nothing as a dash. */
function show(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(show).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** What one admin action changed: each field the action wrote, from its value before to its value after. */
export function AuditChanges({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation("admin");
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return null;
  return (
    <Box component="dl" m={0} aria-label={t("auditLog.changes")}>
      {fields.map((field) => (
        <Text key={field} size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
          <Text span size="sm" fw={600} component="dt" display="inline">
            {field}:
          </Text>{" "}
          <Text span size="sm" component="dd" display="inline" m={0}>
            {entry.before && field in entry.before && `${show(entry.before[field])} → `}
            {show(entry.after?.[field])}
          </Text>
        </Text>
      ))}
    </Box>
  );
}
