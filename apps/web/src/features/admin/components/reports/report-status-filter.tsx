import { reportStatusSchema, type ReportStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { StatusChips } from "../status-chips";

interface ReportStatusFilterProps {
  value: ReportStatus | null;
  onChange: (status: ReportStatus | null) => void;
}

/** Open reports first (they are what waits on an admin), then the decided ones, then all of them. */
export function ReportStatusFilter({ value, onChange }: ReportStatusFilterProps) {
  const { t } = useTranslation("adminReports");
  return (
    <StatusChips
      label={t("filter.label")}
      allLabel={t("filter.all")}
      statuses={reportStatusSchema.options}
      labelOf={(status) => t(`status.${status}`)}
      value={value}
      onChange={onChange}
      allFirst={false}
    />
  );
}
