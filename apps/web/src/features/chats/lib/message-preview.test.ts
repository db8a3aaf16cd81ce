import { describe, expect, it } from "vitest";
import { messagePreview } from "./message-preview";

describe("messagePreview", () => {
  it("keeps a message of up to 60 characters whole", () => {
    const sixty = "a".repeat(60);
    expect(messagePreview(sixty)).toBe(sixty);
    expect(messagePreview("Hello, is it still for sale?")).toBe("Hello, is it still for sale?");
  });

  it("cuts a longer one to 57 characters plus an ellipsis", () => {
    const preview = messagePreview("b".repeat(61));
    expect(preview).toBe(`${"b".repeat(57)}…`);
  });

  it("never splits an emoji and shows line breaks as spaces", () => {
    expect(messagePreview(`${"😀".repeat(70)}`)).toBe(`${"😀".repeat(57)}…`);
    expect(messagePreview("first line\nsecond line")).toBe("first line second line");
  });
});
