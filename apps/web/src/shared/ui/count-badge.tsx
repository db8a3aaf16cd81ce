import classes from "./count-badge.module.css";

/** Above this the badge says "99+": a wider number would cover the icon it sits on. */
const MAX_SHOWN = 99;

/**
 * An unread count on an icon's corner, hidden at 0. A decoration: the control it sits on carries the count in its
 * name for screen readers.
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={classes.badge} aria-hidden="true">
      {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
    </span>
  );
}
