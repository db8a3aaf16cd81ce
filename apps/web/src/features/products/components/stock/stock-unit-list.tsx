import { Badge, Card, Center, Code, Group, Pagination, Stack, Text, type MantineColor } from "@mantine/core";
import type { StockPage, StockUnit, StockUnitState } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/shared/format/date";
import { RemoveUnitButton } from "./remove-unit-button";

const STATE_COLORS: Record<StockUnitState, MantineColor> = { available: "green", sold: "blue", removed: "gray" };

function UnitRow({ unit, productId, canRemove }: { unit: StockUnit; productId: string; canRemove: boolean }) {
  const { t } = useTranslation("products");
  return (
    <Card component="li" withBorder padding="sm" style={{ listStyle: "none" }}>
      <Stack gap={6}>
        <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {unit.item}
        </Code>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Badge color={STATE_COLORS[unit.state]} variant="light">
              {t(`stock.states.${unit.state}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {unit.sold_at
                ? t("stock.soldOn", { date: formatDate(unit.sold_at) })
                : t("stock.addedOn", { date: formatDate(unit.created_at) })}
            </Text>
          </Group>
          {canRemove && unit.state === "available" && <RemoveUnitButton productId={productId} unit={unit} />}
        </Group>
      </Stack>
    </Card>
  );
}

interface StockUnitListProps {
  productId: string;
  stock: StockPage;
  /** The seller removes unsold units; an admin only reads. */
  canRemove: boolean;
  /** An earlier page is shown while the one asked for loads. */
  stale: boolean;
  onPage: (page: number) => void;
}

/** One page of a listing's units, oldest first (the order they are delivered in), with paging. */
export function StockUnitList({ productId, stock, canRemove, stale, onPage }: StockUnitListProps) {
  const { t } = useTranslation("products");
  if (stock.units.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        {t("stock.empty")}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        aria-label={t("stock.listLabel")}
        aria-busy={stale}
        style={{ opacity: stale ? 0.6 : 1, transition: "opacity 150ms" }}
      >
        {stock.units.map((unit) => (
          <UnitRow key={unit.id} unit={unit} productId={productId} canRemove={canRemove} />
        ))}
      </Stack>
      {stock.total_pages > 1 && (
        <Center component="nav" aria-label={t("stock.pages")}>
          <Pagination
            total={stock.total_pages}
            value={stock.page}
            onChange={onPage}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({ "aria-label": t(`stock.pageControl.${control}`) })}
            getItemProps={(item) => ({ "aria-label": t("stock.pageNumber", { page: item }) })}
          />
        </Center>
      )}
    </Stack>
  );
}
