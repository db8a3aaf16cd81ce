import { describe, expect, it } from "vitest";
import { lastMessageTime, messageTime } from "./message-time";

// Local times, so the expectations hold in any time zone.
const now = new Date(2025, 10, 22, 18, 0);
const today = new Date(2025, 10, 22, 9, 5).toISOString();
const earlier = new Date(2025, 10, 2, 14, 30).toISOString();

describe("message times", () => {
  it("show only the clock for today's messages", () => {
    expect(messageTime(today, now)).toBe("09:05");
    expect(lastMessageTime(today, now)).toBe("09:05");
  });

  it("add the ru-RU date to older messages; a list row shows only the date", () => {
    expect(messageTime(earlier, now)).toBe("02.11.2025, 14:30");
    expect(lastMessageTime(earlier, now)).toBe("02.11.2025");
  });
});
