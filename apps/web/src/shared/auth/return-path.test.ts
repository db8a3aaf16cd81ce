import { describe, expect, it } from "vitest";
import { readReturnPath, signInRedirectState } from "./return-path";

describe("return path after sign-in", () => {
  it("reads back the path and query the guard stored", () => {
    expect(readReturnPath(signInRedirectState({ pathname: "/product/edit/7", search: "?tab=images" }))).toBe(
      "/product/edit/7?tab=images",
    );
  });

  it("ignores anything that is not a path on this site", () => {
    expect(readReturnPath(null)).toBeNull();
    expect(readReturnPath({ from: 42 })).toBeNull();
    expect(readReturnPath({ from: "https://evil.example" })).toBeNull();
    expect(readReturnPath({ from: "//evil.example/x" })).toBeNull();
  });
});
