import { Chip, Group, Text } from "@mantine/core";
import { withdrawalStatusSchema, type WithdrawalStatus } from "@lootlane/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";

const ALL = "all";

interface WithdrawalStatusFilterProps {
  value: WithdrawalStatus | null;
  onChange: (status: WithdrawalStatus | null) => void;
}

/** Waiting withdrawals first (they are what an admin pays), then the others and all of them, as wrapping chips. */
export function WithdrawalStatusFilter({ value, onChange }: WithdrawalStatusFilterProps) {
  const { t } = useTranslation("adminWithdrawals");
  const { t: tc } = useTranslation("common");
  const labelId = useId();
  return (
    <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {t("filter.label")}
      </Text>
      <Chip.Group
        multiple={false}
        value={value ?? ALL}
        onChange={(next) => onChange(next === ALL ? null : withdrawalStatusSchema.parse(next))}
      >
        {withdrawalStatusSchema.options.map((status) => (
          <Chip key={status} value={status} size="sm">
            {tc(`withdrawalStatus.${status}`)}
          </Chip>
        ))}
        <Chip value={ALL} size="sm">
          {t("filter.all")}
        </Chip>
      </Chip.Group>
    </Group>
  );
}
