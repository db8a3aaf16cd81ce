import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { productStatusSchema, type ProductStatus } from "@lootlane/contract";

const ALL = "all";

interface ProductStatusFilterProps {
  value: ProductStatus | null;
  onChange: (status: ProductStatus | null) => void;
}

/**
 * All products or those of one status. A select rather than a row of buttons: nine choices do not fit a
 * phone's width. Moderation comes first, as it is what waits on the admin.
 */
export function ProductStatusFilter({ value, onChange }: ProductStatusFilterProps) {
  const { t } = useTranslation("adminCatalog");
  const data = [
    { value: ALL, label: t("products.filter.all") },
    ...productStatusSchema.options.map((status) => ({ value: status, label: t(`products.status.${status}`) })),
  ];
  return (
    <Select
      label={t("products.filter.label")}
      data={data}
      value={value ?? ALL}
      onChange={(next) => onChange(next === null || next === ALL ? null : productStatusSchema.parse(next))}
      allowDeselect={false}
      checkIconPosition="right"
      w={{ base: "100%", xs: 280 }}
    />
  );
}
