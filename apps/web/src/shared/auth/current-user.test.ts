import { describe, expect, it, vi } from "vitest";
import { makeUser } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";
import { getCurrentUser } from "./current-user";

describe("getCurrentUser", () => {
  it("answers with the user the API sends", async () => {
    const user = makeUser({ role: "admin" });
    stubApi({ "POST auth/": { body: user } });

    await expect(getCurrentUser()).resolves.toEqual(user);
  });

  it("answers null for a guest, once the refresh has failed too", async () => {
    stubApi({
      "POST auth/": refusal(401, "TOKEN_NOT_FOUND", "You are not signed in"),
      "POST auth/update-tokens": refusal(401, "INVALID_REFRESH_TOKEN", "Invalid refresh token"),
    });

    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it("answers null without asking when the browser holds no session hint", async () => {
    document.cookie = "session_hint=; max-age=0; path=/";
    const api = stubApi({ "POST auth/": { body: makeUser() } });

    await expect(getCurrentUser()).resolves.toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("fails, and logs, when the answer is not a user", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubApi({ "POST auth/": { body: { ...makeUser(), role: "superuser" } } });

    await expect(getCurrentUser()).rejects.toThrow("Unexpected user shape");
    expect(log).toHaveBeenCalledWith("The API answered with a user of an unexpected shape", expect.anything());
  });
});
