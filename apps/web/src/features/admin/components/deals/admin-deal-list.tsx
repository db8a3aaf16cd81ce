import { Center, Pagination, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DATE_LOCALE, type DealPage } from "@lootlane/contract";
import { AdminDealCard } from "./admin-deal-card";

const countFormat = new Intl.NumberFormat(DATE_LOCALE);

interface AdminDealListProps {
  data: DealPage;
  filtered: boolean;
  /** An earlier answer is shown while the one asked for loads. */
  stale: boolean;
  onPage: (page: number) => void;
}

/** One page of deals as the server orders them (open disputes first, then newest), with the total and paging. */
export function AdminDealList({ data, filtered, stale, onPage }: AdminDealListProps) {
  const { t } = useTranslation("adminDeals");
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t("total", { count: data.total, total: countFormat.format(data.total) })}
      </Text>
      {data.deals.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {filtered ? t("emptyFiltered") : t("empty")}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          aria-label={t("listLabel")}
          aria-busy={stale}
          style={{ listStyle: "none", opacity: stale ? 0.6 : 1, transition: "opacity 150ms" }}
        >
          {data.deals.map((deal) => (
            <AdminDealCard key={deal.id} deal={deal} />
          ))}
        </Stack>
      )}
      {data.total_pages > 1 && (
        <Center component="nav" aria-label={t("pagination")}>
          <Pagination
            total={data.total_pages}
            value={data.page}
            onChange={onPage}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({ "aria-label": t(`pageControl.${control}`) })}
            getItemProps={(page) => ({ "aria-label": t("pageNumber", { page }) })}
          />
        </Center>
      )}
    </Stack>
  );
}
