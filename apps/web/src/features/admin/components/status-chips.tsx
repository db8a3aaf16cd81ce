import { Chip, Group, Text } from "@mantine/core";
import { useId } from "react";

const ALL = "all";

interface StatusChipsProps<Status extends string> {
  label: string;
  allLabel: string;
  /** In the order shown: what waits on the admin first. */
  statuses: readonly Status[];
  labelOf: (status: Status) => string;
  value: Status | null;
  onChange: (status: Status | null) => void;
  /** "All" before the statuses or after them. */
  allFirst?: boolean;
}

/** All items or one status, as a row of chips that wraps on a phone (each chip is a radio button). */
export function StatusChips<Status extends string>({
  label,
  allLabel,
  statuses,
  labelOf,
  value,
  onChange,
  allFirst = true,
}: StatusChipsProps<Status>) {
  const labelId = useId();
  const all = (
    <Chip value={ALL} size="sm">
      {allLabel}
    </Chip>
  );
  return (
    <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Chip.Group
        multiple={false}
        value={(value as string | null) ?? ALL}
        onChange={(next) => onChange(statuses.find((status) => status === next) ?? null)}
      >
        {allFirst && all}
        {statuses.map((status) => (
          <Chip key={status} value={status} size="sm">
            {labelOf(status)}
          </Chip>
        ))}
        {!allFirst && all}
      </Chip.Group>
    </Group>
  );
}
