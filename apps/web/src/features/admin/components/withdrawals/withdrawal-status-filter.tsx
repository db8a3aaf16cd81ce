import { withdrawalStatusSchema, type WithdrawalStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { StatusChips } from "../status-chips";

interface WithdrawalStatusFilterProps {
  value: WithdrawalStatus | null;
  onChange: (status: WithdrawalStatus | null) => void;
}

/** Waiting withdrawals first (they are what an admin pays), then the others, then all of them. */
export function WithdrawalStatusFilter({ value, onChange }: WithdrawalStatusFilterProps) {
  const { t } = useTranslation("adminWithdrawals");
  const { t: tc } = useTranslation("common");
  return (
    <StatusChips
      label={t("filter.label")}
      allLabel={t("filter.all")}
      statuses={withdrawalStatusSchema.options}
      labelOf={(status) => tc(`withdrawalStatus.${status}`)}
      value={value}
      onChange={onChange}
      allFirst={false}
    />
  );
}
