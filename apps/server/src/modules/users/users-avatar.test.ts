import { IMAGE_MAX_BYTES } from "@lootlane/contract";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users, type User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import type { TestClient } from "../../test/test-client.js";
import { EXIF_SECRET, testImages } from "../../test/test-images.js";
import { multipartForm, type FormPart } from "../../test/multipart.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let alice: User;
let asAlice: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTestUser(t.database.db, { username: "alice" });
  asAlice = await signInAs(t.app, alice);
});
afterAll(() => t.close());

/** PATCH /v1/users/avatar as `client` (a guest when undefined) with a multipart form. */
function upload(client: TestClient | undefined, parts: FormPart[]) {
  const form = multipartForm(parts);
  const token = client?.cookie("access_token");
  return t.app.inject({
    method: "PATCH",
    url: "/v1/users/avatar",
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { cookie: `access_token=${token}` } : {}) },
  });
}

const avatarFile = (content: Buffer, filename = "me.png"): FormPart[] => [
  { field: "file", content, filename, contentType: "image/png" },
];
const avatarOf = async (user: User) =>
  (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.avatarUrl;
const mediaKeys = () => t.media.list!();
const keyOf = (url: string) => url.slice("/media/".length);

describe("PATCH /v1/users/avatar", () => {
  it("stores the re-encoded image, upright and without metadata, serves it, and shows it on the profile", async () => {
    const response = await upload(asAlice, avatarFile(await testImages.phoneJpeg(), "IMG_0042.JPG"));
    expect(response.statusCode).toBe(200);
    const { avatar_url } = response.json();
    expect(Object.keys(response.json())).toEqual(["avatar_url"]);
    expect(avatar_url).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.jpg$/);

    const served = await t.app.inject({ method: "GET", url: avatar_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 100, 200]);
    expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(served.rawPayload.includes(EXIF_SECRET)).toBe(false);

    expect(await mediaKeys()).toEqual([keyOf(avatar_url), keyOf(avatar_url).replace(".jpg", "-thumb.jpg")].sort());
    expect((await t.app.inject({ method: "GET", url: "/v1/users/alice" })).json().avatar_url).toBe(avatar_url);
  });

  it("scales a large picture down to avatar size and keeps a PNG a PNG", async () => {
    const response = await upload(asAlice, avatarFile(await testImages.flatPng(2000, 1000), "banner.png"));
    const served = await t.app.inject({ method: "GET", url: response.json().avatar_url });
    expect(served.headers["content-type"]).toBe("image/png");
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 512, 256]);
  });

  it("removes the replaced avatar's files once the new one is saved", async () => {
    const first = (await upload(asAlice, avatarFile(await testImages.png()))).json().avatar_url;
    const second = (await upload(asAlice, avatarFile(await testImages.jpeg(), "new.jpg"))).json().avatar_url;
    const keys = await mediaKeys();
    expect(keys).not.toContain(keyOf(first));
    expect(keys).not.toContain(keyOf(first).replace(".png", "-thumb.png"));
    expect(keys).toEqual([keyOf(second), keyOf(second).replace(".jpg", "-thumb.jpg")].sort());
    expect((await t.app.inject({ method: "GET", url: first })).statusCode).toBe(404);
  });

  it("keeps the replaced files while another profile still shows them", async () => {
    const shared = (await upload(asAlice, avatarFile(await testImages.png()))).json().avatar_url;
    const bob = await createTestUser(t.database.db, { username: "bob", avatarUrl: shared });
    await upload(asAlice, avatarFile(await testImages.png()));
    expect(await mediaKeys()).toContain(keyOf(shared));
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: (await t.app.inject({ method: "GET", url: "/v1/users/bob" })).json().avatar_url,
        })
      ).statusCode,
    ).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, bob.id));
  });

  it("leaves an avatar it did not upload (a seeded or typed-in address) alone", async () => {
    await t.media.put("seed/avatars/0123456789abcdef.png", await testImages.png(), "image/png");
    await t.database.db
      .update(users)
      .set({ avatarUrl: "/media/seed/avatars/0123456789abcdef.png" })
      .where(eq(users.id, alice.id));
    await upload(asAlice, avatarFile(await testImages.png()));
    expect(await mediaKeys()).toContain("seed/avatars/0123456789abcdef.png");
  });
});

describe("PATCH /v1/users/avatar refuses", () => {
  let before: { avatar: string; keys: string[] };
  beforeEach(async () => {
    await upload(asAlice, avatarFile(await testImages.png()));
    before = { avatar: await avatarOf(alice), keys: await mediaKeys() };
  });
  // Whatever was refused, the avatar and the media store are as they were.
  afterEach(async () => {
    expect(await avatarOf(alice)).toBe(before.avatar);
    expect(await mediaKeys()).toEqual(before.keys);
  });

  const badFiles: Array<[string, () => Promise<Buffer> | Buffer, string, number, string]> = [
    ["a GIF", testImages.gif, "anim.gif", 400, "WRONG_IMAGE_FORMAT"],
    ["an SVG named .png", testImages.svg, "logo.png", 400, "WRONG_IMAGE_FORMAT"],
    ["a JPEG named .png", () => testImages.jpeg(), "photo.png", 400, "WRONG_IMAGE_FORMAT"],
    ["HTML named .png", testImages.html, "page.png", 400, "WRONG_FILE_TYPE"],
    ["an empty file", () => Buffer.alloc(0), "empty.png", 400, "WRONG_FILE_TYPE"],
    ["a truncated PNG", testImages.truncatedPng, "cut.png", 400, "WRONG_FILE_TYPE"],
    [
      "a PNG declaring 100000×100000 pixels",
      () => testImages.pngDeclaring(100_000, 100_000),
      "bomb.png",
      413,
      "IMAGE_TOO_LARGE",
    ],
    [
      "a file over the size limit",
      async () => Buffer.concat([await testImages.png(), Buffer.alloc(IMAGE_MAX_BYTES)]),
      "huge.png",
      413,
      "IMAGE_TOO_LARGE",
    ],
  ];

  it.each(badFiles)("%s", async (_, make, filename, status, code) => {
    const response = await upload(asAlice, avatarFile(await make(), filename));
    expect(response.statusCode).toBe(status);
    expect(response.json().detail.error_code).toBe(code);
  });

  it("a form without a file in the field `file`, or with more than one file", async () => {
    const png = await testImages.png();
    for (const parts of [
      [],
      [{ field: "description", content: "no file here" }],
      [{ field: "avatar", content: png, filename: "me.png" }],
      [...avatarFile(png), ...avatarFile(png, "second.png")],
    ]) {
      const response = await upload(asAlice, parts);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatchObject({
        error_code: "VALIDATION_ERROR",
        errors: [{ field: "file", message: expect.any(String) }],
      });
    }
  });

  it("a request that is not a multipart form", async () => {
    for (const payload of [undefined, { file: "me.png" }]) {
      const response = await asAlice.request("PATCH", "/v1/users/avatar", payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.errors).toEqual([{ field: "file", message: expect.any(String) }]);
    }
  });

  it("a guest, before reading the upload", async () => {
    const response = await upload(undefined, avatarFile(await testImages.png()));
    expect(response.statusCode).toBe(401);
    expect(response.json().detail.error_code).toBe("TOKEN_NOT_FOUND");
  });

  it("to keep the new files when saving the address fails", async () => {
    const { db } = t.database;
    await db.execute(sql`create function fail_avatar_update() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`);
    await db.execute(
      sql`create trigger fail_avatar_update before update of avatar_url on users for each row execute function fail_avatar_update()`,
    );
    try {
      const response = await upload(asAlice, avatarFile(await testImages.png()));
      expect(response.statusCode).toBe(500);
      expect(response.json().detail.error_code).toBe("SERVER_ERROR");
    } finally {
      await db.execute(sql`drop trigger fail_avatar_update on users`);
      await db.execute(sql`drop function fail_avatar_update()`);
    }
  });
});
