import { VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CountBadge } from "@/shared/ui/count-badge";
import type { MainNavItem } from "./use-main-nav";
import classes from "./main-nav.module.css";

interface MainNavProps {
  items: MainNavItem[];
  /** "header": a row of text links on wide screens; "bottom": a fixed tab bar with icons on narrow ones. */
  variant: "header" | "bottom";
}

export function MainNav({ items, variant }: MainNavProps) {
  const { t } = useTranslation("layout");
  return (
    <nav aria-label={t("nav.label")} className={variant === "header" ? classes.header : classes.bottom}>
      {items.map(({ key, to, icon: Icon, active, badge = 0 }) => (
        <Link key={key} to={to} className={classes.link} aria-current={active ? "page" : undefined}>
          <span className={classes.icon}>
            <Icon size={variant === "header" ? 18 : 24} />
            <CountBadge count={badge} />
          </span>
          <span className={classes.label}>{t(`nav.${key}`)}</span>
          {/* The visible number is a decoration on the icon; the link's name carries the count for screen readers. */}
          {badge > 0 && <VisuallyHidden>{t("nav.unread", { count: badge })}</VisuallyHidden>}
        </Link>
      ))}
    </nav>
  );
}
