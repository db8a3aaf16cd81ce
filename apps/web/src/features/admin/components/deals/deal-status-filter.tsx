import { Chip, Group, Text } from "@mantine/core";
import { dealStatusSchema, type DealStatus } from "@lootlane/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";

const ALL = "all";

interface DealStatusFilterProps {
  value: DealStatus | null;
  onChange: (status: DealStatus | null) => void;
}

/** All deals or one status, as a row of chips that wraps on a phone (each chip is a radio button). */
export function DealStatusFilter({ value, onChange }: DealStatusFilterProps) {
  const { t } = useTranslation("adminDeals");
  const labelId = useId();
  // Disputes first: they are what waits on the admin.
  const statuses: DealStatus[] = ["disputed", ...dealStatusSchema.options.filter((status) => status !== "disputed")];
  return (
    <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {t("filter.label")}
      </Text>
      <Chip.Group
        multiple={false}
        value={value ?? ALL}
        onChange={(next) => onChange(next === ALL ? null : dealStatusSchema.parse(next))}
      >
        <Chip value={ALL} size="sm">
          {t("filter.all")}
        </Chip>
        {statuses.map((status) => (
          <Chip key={status} value={status} size="sm">
            {t(`status.${status}`)}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
