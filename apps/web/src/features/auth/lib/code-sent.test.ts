import { afterEach, describe, expect, it, vi } from "vitest";
import { readResendAfter } from "./code-sent";

afterEach(() => vi.restoreAllMocks());

describe("readResendAfter", () => {
  it("reads the seconds the server asks to wait", () => {
    expect(readResendAfter({ success: true, resend_after: 42 })).toBe(42);
  });

  it("logs an answer of another shape and waits the known 60 s", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);

    expect(readResendAfter({ success: true, resend_after: "soon" })).toBe(60);
    expect(log).toHaveBeenCalledOnce();
  });
});
