import { dealStatusSchema, type DealStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { StatusChips } from "../status-chips";

interface DealStatusFilterProps {
  value: DealStatus | null;
  onChange: (status: DealStatus | null) => void;
}

// Disputes first: they are what waits on the admin.
const STATUSES: DealStatus[] = ["disputed", ...dealStatusSchema.options.filter((status) => status !== "disputed")];

/** All deals or one status. */
export function DealStatusFilter({ value, onChange }: DealStatusFilterProps) {
  const { t } = useTranslation("adminDeals");
  return (
    <StatusChips
      label={t("filter.label")}
      allLabel={t("filter.all")}
      statuses={STATUSES}
      labelOf={(status) => t(`status.${status}`)}
      value={value}
      onChange={onChange}
    />
  );
}
