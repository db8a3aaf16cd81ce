import { Group, type MantineBreakpoint, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./brand.module.css";

/**
 * The logo, linking to the home page. `wordFrom`: the width from which the name shows beside the mark, for a
 * header too crowded on a phone to hold both.
 */
export function Brand({ wordFrom }: { wordFrom?: MantineBreakpoint }) {
  const { t } = useTranslation("layout");
  return (
    <Link to="/" className={classes.brand} aria-label={t("brandHome")}>
      <Group gap={8} wrap="nowrap">
        <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-6)" />
          <path
            d="M10 8v16h12"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Text component="span" fw={800} fz="xl" c="dark.8" visibleFrom={wordFrom}>
          Lootlane
        </Text>
      </Group>
    </Link>
  );
}
