import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { clientTypesFor } from "./openapi-client.js";

// A few calls a bot would make, written against the generated types only: if the document stops describing a
// path, a parameter or a field the way the API takes it, this file no longer compiles.
const typedCalls = `
import createClient from "openapi-fetch";
import type { paths } from "./api";

const client = createClient<paths>({ baseUrl: "https://lootlane.test", credentials: "include" });

export async function shop(categoryId: string): Promise<string | undefined> {
  const signIn = await client.POST("/v1/auth/login", { body: { email: "buyer@lootlane.test", password: "secret" } });
  if (signIn.error) return signIn.error.detail.error_code;
  const username: string = signIn.data.username;

  const listing = await client.GET("/v1/products/category/{id}", {
    params: { path: { id: categoryId }, query: { sort: "price_asc", per_page: 10 } },
  });
  const first = listing.data?.[0];
  if (!first) return username;

  const product = await client.GET("/v1/products/{id}", { params: { path: { id: first.id } } });
  const price: number | undefined = product.data?.price;

  const purchase = await client.POST("/v1/products/buy", {
    params: { header: { "idempotency-key": "first-purchase" } },
    body: { product_id: first.id, price, quantity: 1 },
  });
  return purchase.data?.chat_id ?? purchase.error?.detail.error_code;
}
`;

// The same purchase with a number where the API takes a product's id: the check must reject it.
const wrongCall = `
import createClient from "openapi-fetch";
import type { paths } from "./api";

const client = createClient<paths>({ baseUrl: "https://lootlane.test" });

export const purchase = client.POST("/v1/products/buy", { body: { product_id: 42 } });
`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a client generated from the OpenAPI document", () => {
  it("type-checks typed calls and rejects a call with a wrong field type", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/docs/json" });
    const dir = await mkdtemp(path.join(tmpdir(), "lootlane-client-"));
    try {
      await writeFile(path.join(dir, "api.ts"), await clientTypesFor(response.json()));
      await writeFile(path.join(dir, "calls.ts"), typedCalls);
      await writeFile(path.join(dir, "wrong-call.ts"), wrongCall);

      const diagnostics = typeCheck(dir, ["calls.ts", "wrong-call.ts"]);
      const byFile = (name: string) =>
        diagnostics.filter((diagnostic) => diagnostic.file?.fileName === path.join(dir, name)).map(messageOf);
      expect(diagnostics.filter((diagnostic) => !diagnostic.file).map(messageOf)).toEqual([]);
      expect(byFile("api.ts")).toEqual([]);
      expect(byFile("calls.ts")).toEqual([]);
      // Line 7 is the call's body, whose product_id is a number.
      expect(byFile("wrong-call.ts")).toEqual(["wrong-call.ts:7: Type 'number' is not assignable to type 'string'."]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** One program over the generated types and the given files, as a strict consumer project would compile them. */
function typeCheck(dir: string, files: string[]): readonly ts.Diagnostic[] {
  // The temporary directory has no node_modules; openapi-fetch's types are found where this package has them.
  const openapiFetchDir = path.dirname(createRequire(import.meta.url).resolve("openapi-fetch/package.json"));
  const program = ts.createProgram(
    files.map((file) => path.join(dir, file)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      skipLibCheck: true,
      paths: { "openapi-fetch": [path.join(openapiFetchDir, "dist/index.d.mts")] },
    },
  );
  return ts.getPreEmitDiagnostics(program);
}

function messageOf(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  if (!diagnostic.file || diagnostic.start === undefined) return message;
  const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${path.basename(diagnostic.file.fileName)}:${line + 1}: ${message}`;
}
