import { EmptyState } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BoxIcon } from "@/shared/ui/icons";

/** What the catalogue shows while no product is listed. */
export function CatalogueEmptyState() {
  const { t } = useTranslation("home");
  return (
    <EmptyState
      variant="light"
      icon={<BoxIcon size={28} />}
      title={t("catalogue.emptyTitle")}
      description={t("catalogue.emptyText")}
      py="xl"
    />
  );
}
