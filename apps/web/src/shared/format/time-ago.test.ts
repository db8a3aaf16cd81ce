import { describe, expect, it } from "vitest";
import { formatTimeAgo } from "./time-ago";

const now = new Date("2025-11-20T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;

describe("formatTimeAgo", () => {
  it("rounds down to the largest unit that fits", () => {
    expect(formatTimeAgo(ago(5 * MINUTE + 59_000), "en", now)).toBe("5 minutes ago");
    expect(formatTimeAgo(ago(3 * 60 * MINUTE), "en", now)).toBe("3 hours ago");
    expect(formatTimeAgo(ago(26 * 60 * MINUTE), "en", now)).toBe("1 day ago");
    expect(formatTimeAgo(ago(400 * 24 * 60 * MINUTE), "en", now)).toBe("1 year ago");
  });

  it("speaks Russian with its plural forms", () => {
    expect(formatTimeAgo(ago(1 * MINUTE), "ru", now)).toBe("1 минуту назад");
    expect(formatTimeAgo(ago(3 * 60 * MINUTE), "ru", now)).toBe("3 часа назад");
    expect(formatTimeAgo(ago(5 * MINUTE), "ru", now)).toBe("5 минут назад");
    expect(formatTimeAgo(ago(21 * 24 * 60 * MINUTE), "ru", now)).toBe("3 недели назад");
  });

  it("calls under a minute, or a time a little ahead of this clock, a minute ago", () => {
    expect(formatTimeAgo(ago(10_000), "en", now)).toBe("1 minute ago");
    expect(formatTimeAgo(ago(-30_000), "en", now)).toBe("1 minute ago");
  });

  it("shows a dash for a value that is not a date", () => {
    expect(formatTimeAgo("not a date", "en", now)).toBe("—");
  });
});
