import { Writable } from "node:stream";
import { errorResponseSchema, errorText, IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../../app.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { AppError, validationError } from "./app-error.js";
import { fieldErrorsFromZod } from "./field-errors.js";

/** Routes that fail in each way a real route can; added to a built app before its first request. */
function addFailingRoutes(app: FastifyInstance): void {
  const zodApp = app.withTypeProvider<ZodTypeProvider>();
  zodApp.post(
    "/test/validate",
    { schema: { body: z.object({ email: z.email(), profile: z.object({ age: z.number().int() }) }) } },
    async () => ({ ok: true }),
  );
  zodApp.get(
    "/test/query",
    { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
    async () => ({ ok: true }),
  );
  app.get("/test/app-error", async () => {
    throw new AppError("EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED", { max_tries: 5 });
  });
  app.get("/test/crash", async () => {
    throw new Error("internal detail: password=hunter2");
  });
  app.get("/test/manual-validation", async () => {
    const parsed = z.object({ price: z.number().positive() }).safeParse({ price: -1 });
    if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
    return parsed.data;
  });
  app.get("/test/pg-refused", async () => {
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  });
  app.get("/test/pg-shutdown", async () => {
    throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
  });
  app.get("/test/pg-unique-violation", async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: "23505",
    });
  });
  app.get("/test/limited", { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.post("/test/upload", async (request) => {
    let files = 0;
    for await (const part of request.files()) {
      await part.toBuffer();
      files += 1;
    }
    return { files };
  });
}

function multipartBody(files: Array<{ name: string; bytes: number }>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = "----lootlane-test";
  const parts = files.map(({ name, bytes }) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="uploaded_images"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(bytes, 1),
      Buffer.from("\r\n"),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  addFailingRoutes(t.app);
});
afterAll(() => t.close());

describe("error answers", () => {
  it("render a thrown AppError with its catalogue status and filled text", async () => {
    const response = await t.app.inject({ method: "GET", url: "/test/app-error" });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      detail: {
        error_code: "EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED",
        error_message: "Max count of tries exceeded. Max tries - 5",
      },
    });
    expect(errorResponseSchema.safeParse(response.json()).success).toBe(true);
  });

  it("speak Russian when the request prefers it", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/test/app-error",
      headers: { "accept-language": "ru-RU,ru;q=0.9,en;q=0.8" },
    });
    expect(response.json().detail.error_message).toBe(
      errorText("EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED", "ru", { max_tries: 5 }),
    );
  });

  it("name each invalid body field by its dotted path on a 422", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/test/validate",
      payload: { email: "not-an-email", profile: { age: 1.5 } },
    });
    expect(response.statusCode).toBe(422);
    const { detail } = response.json();
    expect(detail.error_code).toBe("VALIDATION_ERROR");
    expect(detail.error_message).toBe(errorText("VALIDATION_ERROR", "en"));
    expect(detail.errors.map((error: { field: string }) => error.field).sort()).toEqual(["email", "profile.age"]);
    for (const error of detail.errors) expect(error.message).toEqual(expect.any(String));
  });

  it("name the part itself when it is missing as a whole", async () => {
    const response = await t.app.inject({ method: "POST", url: "/test/validate" });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.errors).toEqual([{ field: "body", message: expect.any(String) }]);
  });

  it("name query parameters the same way", async () => {
    const response = await t.app.inject({ method: "GET", url: "/test/query?page=0" });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.errors).toEqual([{ field: "page", message: expect.any(String) }]);
  });

  it("name fields the same way when a service validates by hand", async () => {
    const response = await t.app.inject({ method: "GET", url: "/test/manual-validation" });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.errors).toEqual([{ field: "price", message: expect.any(String) }]);
  });

  it("answer 400 MALFORMED_REQUEST to a body that is not JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/test/validate",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail.error_code).toBe("MALFORMED_REQUEST");
  });

  it("answer 413 PAYLOAD_TOO_LARGE to a JSON body over the limit", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/test/validate",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a".repeat(1024 * 1024 + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail.error_code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("accept an image up to the image limit and answer 413 IMAGE_TOO_LARGE above it", async () => {
    const largest = await t.app.inject({
      method: "POST",
      url: "/test/upload",
      ...multipartBody([{ name: "max.png", bytes: IMAGE_MAX_BYTES }]),
    });
    expect(largest.json()).toEqual({ files: 1 });
    const response = await t.app.inject({
      method: "POST",
      url: "/test/upload",
      ...multipartBody([{ name: "big.png", bytes: IMAGE_MAX_BYTES + 1 }]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail.error_code).toBe("IMAGE_TOO_LARGE");
  });

  it("answer MAXIMUM_NUMBER_PHOTOS_EXCEEDED to more files than a product may have", async () => {
    const files = Array.from({ length: PRODUCT_IMAGES_MAX + 1 }, (_, i) => ({ name: `${i}.png`, bytes: 10 }));
    const response = await t.app.inject({ method: "POST", url: "/test/upload", ...multipartBody(files) });
    expect(response.json().detail).toEqual({
      error_code: "MAXIMUM_NUMBER_PHOTOS_EXCEEDED",
      error_message: errorText("MAXIMUM_NUMBER_PHOTOS_EXCEEDED", "en", { max: PRODUCT_IMAGES_MAX }),
    });
    const allowed = await t.app.inject({
      method: "POST",
      url: "/test/upload",
      ...multipartBody([{ name: "a.png", bytes: 10 }]),
    });
    expect(allowed.json()).toEqual({ files: 1 });
  });

  it("answer 429 TOO_MANY_REQUESTS with the wait once a rate limit is reached", async () => {
    expect((await t.app.inject({ method: "GET", url: "/test/limited" })).statusCode).toBe(200);
    const response = await t.app.inject({ method: "GET", url: "/test/limited" });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("60");
    expect(response.json().detail).toEqual({
      error_code: "TOO_MANY_REQUESTS",
      error_message: errorText("TOO_MANY_REQUESTS", "en", { retry_after: 60 }),
    });
  });

  it("answer 503 DATABASE_ERROR when the database cannot be reached", async () => {
    for (const url of ["/test/pg-refused", "/test/pg-shutdown"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json().detail.error_code, url).toBe("DATABASE_ERROR");
    }
  });

  it("treat a failed query that is not about connectivity as our bug", async () => {
    const response = await t.app.inject({ method: "GET", url: "/test/pg-unique-violation" });
    expect(response.statusCode).toBe(500);
    expect(response.json().detail.error_code).toBe("SERVER_ERROR");
    expect(response.body).not.toContain("users_email_key");
  });

  it("answer JSON 404 ROUTE_NOT_FOUND to unknown API and media paths, whatever the method", async () => {
    for (const [method, url] of [
      ["GET", "/v1/nope"],
      ["DELETE", "/v1/products/nope"],
      ["PUT", "/v1"],
      ["GET", "/media/nope.png"],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^application\/json/);
      expect(response.json().detail.error_code, url).toBe("ROUTE_NOT_FOUND");
    }
  });
});

describe("an unexpected error", () => {
  it("answers 500 SERVER_ERROR without stack or inner message, and is logged with the request id", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: t.config,
      database: t.database,
      media: t.media,
      logger: { level: "error", stream },
    });
    addFailingRoutes(app);
    try {
      const response = await app.inject({ method: "GET", url: "/test/crash", headers: { "x-request-id": "crash-42" } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        detail: { error_code: "SERVER_ERROR", error_message: errorText("SERVER_ERROR", "en") },
      });
      expect(response.body).not.toMatch(/hunter2|internal detail|\bat\b.*\.ts/);

      const logged = lines.map(
        (line) => JSON.parse(line) as { reqId?: string; err?: { message?: string; stack?: string } },
      );
      const entry = logged.find((line) => line.err?.message === "internal detail: password=hunter2");
      expect(entry?.reqId).toBe("crash-42");
      expect(entry?.err?.stack).toContain("error-handler.test.ts");
    } finally {
      await app.close();
    }
  });
});

describe("a lost database connection during a query", () => {
  it("answers 503 DATABASE_ERROR", async () => {
    const lost = await createTestApp();
    lost.app.get("/test/query-db", async () => lost.database.db.execute(sql`select 1`));
    try {
      await lost.database.close();
      const response = await lost.app.inject({ method: "GET", url: "/test/query-db" });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail.error_code).toBe("DATABASE_ERROR");
    } finally {
      await lost.close();
    }
  });
});
