import { describe, expect, it } from "vitest";
import { countdownParts } from "./deal-countdown";

const now = Date.parse("2025-11-20T10:00:00.000Z");
const after = (ms: number) => new Date(now + ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe("countdownParts", () => {
  it("shows days and hours while more than a day is left", () => {
    expect(countdownParts(after(2 * day + 5 * hour + 30 * minute), now)).toEqual([
      { unit: "days", value: 2 },
      { unit: "hours", value: 5 },
    ]);
  });

  it("shows hours and minutes within the last day, minutes within the last hour", () => {
    expect(countdownParts(after(3 * hour + 10 * minute), now)).toEqual([
      { unit: "hours", value: 3 },
      { unit: "minutes", value: 10 },
    ]);
    expect(countdownParts(after(4 * minute), now)).toEqual([{ unit: "minutes", value: 4 }]);
  });

  it("rounds up to the minute and leaves a zero second unit out", () => {
    expect(countdownParts(after(1000), now)).toEqual([{ unit: "minutes", value: 1 }]);
    expect(countdownParts(after(3 * day), now)).toEqual([{ unit: "days", value: 3 }]);
    expect(countdownParts(after(59 * minute + 1000), now)).toEqual([{ unit: "hours", value: 1 }]);
  });

  it("is null once due, or for a time that cannot be read", () => {
    expect(countdownParts(after(0), now)).toBeNull();
    expect(countdownParts(after(-hour), now)).toBeNull();
    expect(countdownParts("not a date", now)).toBeNull();
  });
});
