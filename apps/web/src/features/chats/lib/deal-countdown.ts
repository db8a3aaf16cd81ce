const MINUTE_MS = 60_000;
const MINUTES_PER_DAY = 24 * 60;

export type CountdownUnit = "days" | "hours" | "minutes";
export interface CountdownPart {
  unit: CountdownUnit;
  value: number;
}

/**
 * The time left until `iso` as its two largest units ("2 d 5 h", "3 h 10 min", "4 min"), or null once it is
 * due (or when the time cannot be read). Rounded up to the minute, so "0 min" never shows while time is left; a zero second unit is left out.
 */
export function countdownParts(iso: string, now: number): CountdownPart[] | null {
  const left = Date.parse(iso) - now;
  if (!(left > 0)) return null;
  const totalMinutes = Math.ceil(left / MINUTE_MS);
  const days = Math.floor(totalMinutes / MINUTES_PER_DAY);
  const hours = Math.floor((totalMinutes % MINUTES_PER_DAY) / 60);
  const minutes = totalMinutes % 60;
  const parts: CountdownPart[] =
    days > 0
      ? [
          { unit: "days", value: days },
          { unit: "hours", value: hours },
        ]
      : hours > 0
        ? [
            { unit: "hours", value: hours },
            { unit: "minutes", value: minutes },
          ]
        : [{ unit: "minutes", value: minutes }];
  return parts.filter((part, index) => index === 0 || part.value > 0);
}
