import { DATE_LOCALE } from "@lootlane/contract";

const dateFormat = new Intl.DateTimeFormat(DATE_LOCALE, { day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** Shown instead of a date the server sent in a form that cannot be read. */
const UNKNOWN_DATE = "—";

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** SPEC §9 ru-RU dates, in the viewer's time zone: "22.11.2025". */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : UNKNOWN_DATE;
}

/** Date and time: "22.11.2025, 14:05". */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : UNKNOWN_DATE;
}
