import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  AVATAR_FILE_FIELD,
  CATEGORY_IMAGE_FIELD,
  IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_FIELD,
  PRODUCT_IMAGES_MAX,
} from "@lootlane/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productImages, products, type Category } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import { hostileImages, POLYGLOT_PAYLOAD } from "../../test/hostile-images.js";
import type { FormPart } from "../../test/multipart.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestSubcategory, sendForm, textParts } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { testImages } from "../../test/test-images.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let asSeller: TestClient;
let asAdmin: TestClient;
let kind: Category;
/** One product per editing route, so images added by one route's tests never fill another's. */
const editedProducts = { edit: "", addImages: "" };

const MB = 1024 * 1024;
/** How much a refused upload may grow the process: far below the 50 MB body or the gigapixels declared. */
const MEMORY_BOUND = 64 * MB;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const seller = await createTestUser(db, { username: "upload_seller" });
  asSeller = await signInAs(t.app, seller);
  asAdmin = await signInAs(t.app, await createTestUser(db, { username: "upload_admin", role: "admin" }));
  kind = await createTestSubcategory(db, await createTestGame(db, "Upload Game"), "Upload Kind");
  for (const key of ["edit", "addImages"] as const) {
    const created = await sendForm(t, asSeller, "POST", "/v1/products/", [
      ...productFields(),
      file(PRODUCT_IMAGES_FIELD, await testImages.png(), "first.png"),
    ]);
    expect(created.statusCode, created.body).toBe(200);
    editedProducts[key] = created.json().id;
  }
  const avatar = await sendForm(t, asSeller, "PATCH", "/v1/users/avatar", [
    file(AVATAR_FILE_FIELD, await testImages.png(), "me.png"),
  ]);
  expect(avatar.statusCode, avatar.body).toBe(200);
});
afterAll(() => t.close());

function productFields(): FormPart[] {
  return textParts({
    title: "Level 80 account",
    description: "An account with every hero unlocked",
    price: 2500,
    product_data: "login: hero80 / password: s3cret!",
    category_id: kind.id,
  });
}

/** A file part typed by its name, as a browser would: `x.png` is image/png whatever its bytes are. */
function file(field: string, content: Buffer, filename: string): FormPart {
  return { field, content, filename, contentType: filename.endsWith(".png") ? "image/png" : "image/jpeg" };
}

type UploadRoute = {
  method: "POST" | "PATCH";
  url: string;
  /** The field the route reads its image(s) from. */
  field: string;
  /** How many images one request may carry. */
  maxFiles: number;
  client: () => TestClient;
  /** The text fields of an otherwise valid request. */
  fields: () => FormPart[];
};

// Every multipart route of SPEC.md §7, each with a request it would accept but for the files.
const uploadRoutes: UploadRoute[] = [
  {
    method: "POST",
    url: "/v1/products/",
    field: PRODUCT_IMAGES_FIELD,
    maxFiles: PRODUCT_IMAGES_MAX,
    client: () => asSeller,
    fields: productFields,
  },
  {
    method: "PATCH",
    url: "/v1/products/",
    field: PRODUCT_IMAGES_FIELD,
    maxFiles: PRODUCT_IMAGES_MAX,
    client: () => asSeller,
    fields: () => textParts({ product_id: editedProducts.edit }),
  },
  {
    method: "PATCH",
    url: "/v1/products/images",
    field: PRODUCT_IMAGES_FIELD,
    maxFiles: PRODUCT_IMAGES_MAX,
    client: () => asSeller,
    fields: () => textParts({ product_id: editedProducts.addImages }),
  },
  {
    method: "PATCH",
    url: "/v1/users/avatar",
    field: AVATAR_FILE_FIELD,
    maxFiles: 1,
    client: () => asSeller,
    fields: () => [],
  },
  {
    method: "POST",
    url: "/v1/admin/category",
    field: CATEGORY_IMAGE_FIELD,
    maxFiles: 1,
    client: () => asAdmin,
    fields: () => textParts({ name: `Hostile ${randomUUID().slice(0, 8)}`, description: "Made by an upload test" }),
  },
];
const productRoutes = uploadRoutes.filter((route) => route.maxFiles > 1);

function upload(route: UploadRoute, files: FormPart[]) {
  return sendForm(t, route.client(), route.method, route.url, [...route.fields(), ...files]);
}

/** Every file under the media directory, hidden ones (half-written temporaries) included. */
async function mediaFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, "media");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** What any upload route could change: every row it writes, and the media files. */
async function snapshot() {
  const db = t.database.db;
  return {
    products: await db.select().from(products).orderBy(products.id),
    images: await db.select().from(productImages).orderBy(productImages.id),
    categories: await db.select().from(categories).orderBy(categories.id),
    avatars: await db
      .select({ id: users.id, avatarUrl: users.avatarUrl, updatedAt: users.updatedAt })
      .from(users)
      .orderBy(users.id),
    files: await mediaFiles(),
  };
}

/**
 * Runs `work` while sampling memory; answers its result and the peak growth of the resident size and of the
 * memory held by Buffers (which a reused heap page does not hide the way it hides RSS growth).
 */
async function withPeakMemory<T>(
  work: () => Promise<T>,
): Promise<{ result: T; growth: { rss: number; buffers: number } }> {
  const start = process.memoryUsage();
  const peak = { rss: start.rss, buffers: start.arrayBuffers };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.buffers = Math.max(peak.buffers, now.arrayBuffers);
  };
  const sampler = setInterval(sample, 2);
  try {
    const result = await work();
    sample();
    return { result, growth: { rss: peak.rss - start.rss, buffers: peak.buffers - start.arrayBuffers } };
  } finally {
    clearInterval(sampler);
  }
}

function expectBounded(growth: { rss: number; buffers: number }, buffersBound = MEMORY_BOUND): void {
  expect(growth.rss, "growth of the resident size").toBeLessThan(MEMORY_BOUND);
  expect(growth.buffers, "growth of memory held in Buffers").toBeLessThan(buffersBound);
}

type HostileCase = {
  name: string;
  make: () => Buffer | Promise<Buffer>;
  filename: string;
  status: number;
  code: string;
};

// Decided from the bytes (image-format.ts): not an image → WRONG_FILE_TYPE; an image but not PNG/JPEG, or
// bytes another format than the name says → WRONG_IMAGE_FORMAT; more pixels than a decode may cost →
// IMAGE_TOO_LARGE (README.md of this folder).
const hostileCases: HostileCase[] = [
  { name: "a zero-byte file", make: hostileImages.empty, filename: "x.png", status: 400, code: "WRONG_FILE_TYPE" },
  { name: '"hello" named x.png', make: hostileImages.text, filename: "x.png", status: 400, code: "WRONG_FILE_TYPE" },
  {
    name: "an HTML page named x.png",
    make: hostileImages.html,
    filename: "x.png",
    status: 400,
    code: "WRONG_FILE_TYPE",
  },
  {
    name: "an SVG with script named x.png",
    make: hostileImages.scriptedSvg,
    filename: "x.png",
    status: 400,
    code: "WRONG_IMAGE_FORMAT",
  },
  {
    name: "a PNG signature followed by a JPEG",
    make: hostileImages.pngSignatureThenJpeg,
    filename: "x.png",
    status: 400,
    code: "WRONG_FILE_TYPE",
  },
  {
    name: "a JPEG with a PNG appended, named x.png",
    make: hostileImages.jpegThenPng,
    filename: "x.png",
    status: 400,
    code: "WRONG_IMAGE_FORMAT",
  },
  {
    name: "an HTML page with a PNG appended",
    make: hostileImages.htmlThenPng,
    filename: "x.png",
    status: 400,
    code: "WRONG_FILE_TYPE",
  },
  {
    name: "a GIF header in front of a PNG",
    make: hostileImages.gifHeaderThenPng,
    filename: "x.png",
    status: 400,
    code: "WRONG_IMAGE_FORMAT",
  },
  {
    name: "a PNG cut in half",
    make: hostileImages.truncatedPng,
    filename: "x.png",
    status: 400,
    code: "WRONG_FILE_TYPE",
  },
  {
    name: "a JPEG cut in half",
    make: hostileImages.truncatedJpeg,
    filename: "x.jpg",
    status: 400,
    code: "WRONG_FILE_TYPE",
  },
  {
    name: "a PNG declaring 100,000 × 100,000 pixels",
    make: hostileImages.pngDeclaringTenGigapixels,
    filename: "x.png",
    status: 413,
    code: "IMAGE_TOO_LARGE",
  },
  {
    name: "a JPEG declaring 65,000 × 65,000 pixels",
    make: hostileImages.jpegDeclaringFourGigapixels,
    filename: "x.jpg",
    status: 413,
    code: "IMAGE_TOO_LARGE",
  },
  {
    name: "a complete 100 MP PNG in 430 KB",
    make: hostileImages.pngBomb,
    filename: "x.png",
    status: 413,
    code: "IMAGE_TOO_LARGE",
  },
  {
    name: "a file one byte over the size limit",
    make: async () =>
      Buffer.concat([await testImages.png(), Buffer.alloc(IMAGE_MAX_BYTES)]).subarray(0, IMAGE_MAX_BYTES + 1),
    filename: "x.png",
    status: 413,
    code: "IMAGE_TOO_LARGE",
  },
];

describe.each(uploadRoutes)("$method $url refuses a hostile file, changing nothing", (route) => {
  it.each(hostileCases)("$name → $status $code", async ({ make, filename, status, code }) => {
    const content = await make();
    const before = await snapshot();
    const { result: response, growth } = await withPeakMemory(() =>
      upload(route, [file(route.field, content, filename)]),
    );
    expect([response.statusCode, response.json().detail.error_code], response.body).toEqual([status, code]);
    expect(await snapshot()).toEqual(before);
    expectBounded(growth);
  });

  it(`eleven images${route.maxFiles === 1 ? ", or two" : ""}`, async () => {
    const png = await testImages.png();
    for (const count of new Set([11, route.maxFiles + 1])) {
      const files = Array.from({ length: count }, (_, i) => file(route.field, png, `${i}.png`));
      const before = await snapshot();
      const response = await upload(route, files);
      if (route.maxFiles > 1) {
        expect([response.statusCode, response.json().detail.error_code], response.body).toEqual([
          400,
          "MAXIMUM_NUMBER_PHOTOS_EXCEEDED",
        ]);
      } else {
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json().detail).toMatchObject({
          error_code: "VALIDATION_ERROR",
          errors: [{ field: route.field }],
        });
      }
      expect(await snapshot()).toEqual(before);
    }
  });
});

describe.each(productRoutes)("$method $url stores all images of a request or none", (route) => {
  it.each([
    ["a JPEG cut in half", hostileImages.truncatedJpeg, "3.jpg", 400, "WRONG_FILE_TYPE"],
    ["an HTML page", hostileImages.html, "3.png", 400, "WRONG_FILE_TYPE"],
    ["a 100 MP PNG", hostileImages.pngBomb, "3.png", 413, "IMAGE_TOO_LARGE"],
  ] as const)("the third of five images is %s: nothing is stored", async (_, make, filename, status, code) => {
    const good = await Promise.all([testImages.png(), testImages.jpeg(), testImages.png(), testImages.jpeg()]);
    const files = [
      file(route.field, good[0]!, "1.png"),
      file(route.field, good[1]!, "2.jpg"),
      file(route.field, await make(), filename),
      file(route.field, good[2]!, "4.png"),
      file(route.field, good[3]!, "5.jpg"),
    ];
    const before = await snapshot();
    const response = await upload(route, files);
    expect([response.statusCode, response.json().detail.error_code], response.body).toEqual([status, code]);
    expect(await snapshot()).toEqual(before);
  });
});

describe.each(uploadRoutes)("$method $url re-encodes a polyglot", (route) => {
  it.each([
    ["a PNG with an HTML page after IEND", hostileImages.pngWithHtml, "x.png", "png"],
    ["a JPEG with an HTML page after its end marker", hostileImages.jpegWithHtml, "x.jpg", "jpeg"],
  ] as const)(
    "%s: what is stored and served is our own encoding, without the page",
    async (_, make, filename, format) => {
      const polyglot = await make();
      // The upload really is both: a decodable image that carries the page.
      expect((await sharp(polyglot).metadata()).format).toBe(format);
      expect(polyglot.includes(POLYGLOT_PAYLOAD)).toBe(true);

      const filesBefore = await mediaFiles();
      const response = await upload(route, [file(route.field, polyglot, filename)]);
      expect(response.statusCode, response.body).toBe(200);
      const added = (await mediaFiles()).filter((name) => !filesBefore.includes(name));
      expect(added).toHaveLength(2);
      for (const name of added) {
        const key = name.split(path.sep).join("/");
        expect(response.body, "the answer names every new file").toContain(key.replace("-thumb", ""));
        const stored = await readFile(path.join(t.config.dataDir, "media", name));
        expect((await sharp(stored).metadata()).format).toBe(format);
        expect(stored.includes("<script")).toBe(false);
        expect(
          stored.equals(polyglot.subarray(0, polyglot.length - POLYGLOT_PAYLOAD.length)),
          "not the client's image bytes",
        ).toBe(false);

        const served = await t.app.inject({ method: "GET", url: `/media/${key}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe(`image/${format}`);
        expect(served.headers["x-content-type-options"]).toBe("nosniff");
        expect(served.rawPayload.equals(stored)).toBe(true);
      }
    },
  );
});

/** The app on a real socket, so a body can be streamed to it the way a client sends one. */
async function listeningAddress(): Promise<AddressInfo> {
  if (!t.app.server.listening) await t.app.listen({ host: "127.0.0.1", port: 0 });
  return t.app.server.address() as AddressInfo;
}

type StreamedAnswer = {
  status: number;
  body: { detail: { error_code: string } };
  connection: string | undefined;
  bytesSentBeforeAnswer: number;
};

/**
 * Streams a multipart body of `route`'s fields and one file of `fileBytes` (a PNG signature, then zeros) over
 * HTTP without a Content-Length, as fast as the server reads it, and stops sending once the answer comes.
 */
async function streamHugeUpload(
  route: UploadRoute,
  fileBytes: number,
  { asGuest = false } = {},
): Promise<StreamedAnswer> {
  const { port } = await listeningAddress();
  const boundary = `----lootlane-huge-${randomUUID()}`;
  const fieldParts = route
    .fields()
    .map(
      ({ field, content }) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${String(content)}\r\n`,
    );
  const head = Buffer.from(
    `${fieldParts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="${route.field}"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const zeros = Buffer.alloc(64 * 1024);
  const first = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), zeros.subarray(8)]);

  const request = http.request({
    host: "127.0.0.1",
    port,
    method: route.method,
    path: route.url,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...(asGuest ? {} : { cookie: `access_token=${route.client().cookie("access_token")}` }),
    },
  });
  let sent = 0;
  let bytesSentBeforeAnswer = -1;
  const answer = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    request.on("response", (response) => {
      bytesSentBeforeAnswer = sent;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () =>
        resolve({ status: response.statusCode!, body, connection: response.headers.connection }),
      );
      response.on("error", reject);
    });
  });
  // Once the server has answered (or cut the connection) writes may fail; the answer is what counts.
  request.on("error", () => {});

  const send = async () => {
    const write = (data: Buffer) => {
      sent += data.length;
      return request.write(data)
        ? Promise.resolve()
        : new Promise<void>((resolve) => request.once("drain", resolve).once("close", resolve));
    };
    await write(head);
    for (
      let written = 0;
      written < fileBytes && bytesSentBeforeAnswer < 0 && !request.destroyed;
      written += zeros.length
    ) {
      await write((written === 0 ? first : zeros).subarray(0, Math.min(zeros.length, fileBytes - written)));
    }
    if (bytesSentBeforeAnswer < 0 && !request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
  };
  await Promise.race([send(), answer]);
  const { status, body, connection } = await answer;
  request.destroy();
  return { status, body: JSON.parse(body), connection, bytesSentBeforeAnswer };
}

describe.each(uploadRoutes)("$method $url cuts a 50 MB body at the size limit", (route) => {
  it("413 IMAGE_TOO_LARGE before the body is through, with memory bounded and nothing stored", async () => {
    await streamHugeUpload(route, MB);
    const before = await snapshot();
    const { result, growth } = await withPeakMemory(() => streamHugeUpload(route, 50 * MB));
    expect([result.status, result.body.detail.error_code]).toEqual([413, "IMAGE_TOO_LARGE"]);
    // The connection stays open: the rest of the body is read and dropped (refused-bodies.ts), never held.
    expect(result.connection).toBe("keep-alive");
    expect(result.bytesSentBeforeAnswer).toBeGreaterThan(IMAGE_MAX_BYTES);
    expect(result.bytesSentBeforeAnswer, "answered once the limit was reached, not after reading 50 MB").toBeLessThan(
      IMAGE_MAX_BYTES + 8 * MB,
    );
    // At most the file up to the limit is ever held.
    expectBounded(growth, IMAGE_MAX_BYTES + 4 * MB);
    expect(await snapshot()).toEqual(before);
  });
});

describe.each(uploadRoutes)("$method $url refuses a guest's 50 MB upload", (route) => {
  it("401 before the body is read, and the rest dropped rather than held", async () => {
    const before = await snapshot();
    const { result, growth } = await withPeakMemory(() => streamHugeUpload(route, 50 * MB, { asGuest: true }));
    expect([result.status, result.body.detail.error_code]).toEqual([401, "TOKEN_NOT_FOUND"]);
    expect(result.connection).toBe("keep-alive");
    expect(result.bytesSentBeforeAnswer).toBeLessThan(8 * MB);
    expectBounded(growth, IMAGE_MAX_BYTES);
    expect(await snapshot()).toEqual(before);
  });
});
