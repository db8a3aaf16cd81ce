import { Badge, Button, Group } from "@mantine/core";
import type { GameSubcategory } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCategoryText } from "@/shared/catalog/categories";
import { formatListingCount } from "../lib/listing-count";
import classes from "./game-tabs.module.css";

interface GameTabsProps {
  gameSlug: string;
  /** Listings on sale in the whole game. */
  productCount: number;
  subcategories: GameSubcategory[];
  /** The chosen kind of goods; none for the whole game. */
  activeSlug: string | undefined;
  /** The search and filters, kept when moving between tabs ("?…" or ""). */
  carried: string;
}

/** The game's kinds of goods as tabs, each a link to its own page with how many listings are on sale there. */
export function GameTabs({ gameSlug, productCount, subcategories, activeSlug, carried }: GameTabsProps) {
  const { t } = useTranslation("home");
  const { name } = useCategoryText();
  const tabs = [
    { key: "", label: t("game.all"), count: productCount, to: `/games/${gameSlug}` },
    ...subcategories.map((subcategory) => ({
      key: subcategory.slug,
      label: name(subcategory),
      count: subcategory.product_count,
      to: `/games/${gameSlug}/${subcategory.slug}`,
    })),
  ];
  return (
    <nav aria-label={t("game.kinds")} className={classes.tabs}>
      <Group gap="xs" wrap="nowrap">
        {tabs.map((tab) => {
          const active = tab.key === (activeSlug ?? "");
          return (
            <Button
              key={tab.key}
              component={Link}
              to={`${tab.to}${carried}`}
              preventScrollReset
              aria-current={active ? "page" : undefined}
              variant={active ? "filled" : "default"}
              radius="xl"
              className={classes.tab}
              rightSection={
                <Badge size="sm" variant={active ? "white" : "light"} className={classes.count}>
                  {formatListingCount(tab.count)}
                </Badge>
              }
            >
              {tab.label}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
