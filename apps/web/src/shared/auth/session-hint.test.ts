import { describe, expect, it } from "vitest";
import { hasSessionHint } from "./session-hint";

describe("hasSessionHint", () => {
  it.each([
    ["session_hint=1", true],
    ["theme=dark; session_hint=1; lang=ru", true],
    ["", false],
    ["theme=dark", false],
    ["old_session_hint=1", false],
  ])("reads %j as %s", (cookies, expected) => {
    expect(hasSessionHint(cookies)).toBe(expected);
  });
});
