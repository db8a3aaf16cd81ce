import { useTranslation } from "react-i18next";
import { Link } from "react-router";
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
      {items.map(({ key, to, icon: Icon, active }) => (
        <Link key={key} to={to} className={classes.link} aria-current={active ? "page" : undefined}>
          <Icon size={variant === "header" ? 18 : 24} />
          <span>{t(`nav.${key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
