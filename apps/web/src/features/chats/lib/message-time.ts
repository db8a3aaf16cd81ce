import { DATE_LOCALE } from "@lootlane/contract";
import { formatDate } from "@/shared/format/date";

const timeFormat = new Intl.DateTimeFormat(DATE_LOCALE, { hour: "2-digit", minute: "2-digit" });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A message's time: "14:05" for today, "22.11.2025, 14:05" before; the viewer's time zone, ru-RU as SPEC §9 writes dates. */
export function messageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  const time = timeFormat.format(date);
  return sameDay(date, now) ? time : `${formatDate(iso)}, ${time}`;
}

/** A chat list row's time: only the clock for today, only the date before, so the row stays short. */
export function lastMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return sameDay(date, now) ? timeFormat.format(date) : formatDate(iso);
}
