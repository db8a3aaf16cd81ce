import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./date";

// Built from local time so the expectations hold in any time zone the tests run in.
const iso = new Date(2025, 10, 2, 9, 5).toISOString();

describe("formatDate", () => {
  it("uses the ru-RU day.month.year form", () => {
    expect(formatDate(iso)).toBe("02.11.2025");
  });

  it("shows a dash for a value that is not a date", () => {
    expect(formatDate("not a date")).toBe("—");
  });
});

describe("formatDateTime", () => {
  it("adds 24-hour time", () => {
    expect(formatDateTime(iso)).toBe("02.11.2025, 09:05");
  });

  it("shows a dash for a value that is not a date", () => {
    expect(formatDateTime("")).toBe("—");
  });
});
