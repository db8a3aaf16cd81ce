import { OWN_MEDIA_URL_MESSAGE } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let asAdmin: TestClient;
let targetId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createTestUser(t.database.db, { username: "avatar_admin", role: "admin" });
  asAdmin = await signInAs(t.app, admin);
  targetId = (await createTestUser(t.database.db, { username: "avatar_target" })).id;
});
afterAll(() => t.close());

const setAvatar = (avatar_url: string) => asAdmin.request("PATCH", `/v1/admin/user/${targetId}`, { avatar_url });

describe("PATCH /admin/user/{id} avatar_url", () => {
  it.each([
    "https://cdn.example/a.png",
    "http://127.0.0.1/media/a.png",
    "//cdn.example/media/a.png",
    "javascript:alert(1)",
    "/media/../v1/a",
    "/v1/avatar.png",
  ])("refuses %j, which the page's CSP would not show, naming the field", async (url) => {
    const response = await setAvatar(url);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatchObject({
      error_code: "VALIDATION_ERROR",
      errors: [{ field: "avatar_url", message: OWN_MEDIA_URL_MESSAGE }],
    });
  });

  it.each(["/media/avatars/a.webp", ""])("keeps %j, our own media or no avatar", async (url) => {
    const response = await setAvatar(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ avatar_url: url });
    expect((await asAdmin.get(`/v1/admin/user/${targetId}`)).json()).toMatchObject({ avatar_url: url });
  });
});
