import { Card, Skeleton, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DashboardGrid } from "./dashboard-grid";

/** Placeholder cards in the grid's own layout, so the page does not jump when the figures arrive. */
export function DashboardSkeleton({ count }: { count: number }) {
  const { t } = useTranslation("common");
  return (
    <div>
      <VisuallyHidden role="status">{t("loading")}</VisuallyHidden>
      <DashboardGrid aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} withBorder radius="md" padding="lg">
            <Skeleton height={14} width="60%" />
            <Skeleton height={30} width="40%" mt="md" />
          </Card>
        ))}
      </DashboardGrid>
    </div>
  );
}
