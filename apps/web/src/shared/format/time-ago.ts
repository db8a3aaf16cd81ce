/*
 * How long ago something happened, in the interface language and its plural rules ("3 hours ago",
 * "3 часа назад", "5 минут назад"), rounded down to the largest unit that fits.
 */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 60 * 60_000],
  ["month", 30 * 24 * 60 * 60_000],
  ["week", 7 * 24 * 60 * 60_000],
  ["day", 24 * 60 * 60_000],
  ["hour", 60 * 60_000],
  ["minute", 60_000],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

function formatFor(language: string): Intl.RelativeTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: "always" });
    formats.set(language, format);
  }
  return format;
}

/** "3 hours ago" for `iso` seen from `now`; under a minute (or a clock a little ahead) counts as one minute. */
export function formatTimeAgo(iso: string, language: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return "—";
  const [unit, size] = UNITS.find(([, length]) => elapsed >= length) ?? UNITS[UNITS.length - 1]!;
  return formatFor(language).format(-Math.max(1, Math.floor(elapsed / size)), unit);
}
