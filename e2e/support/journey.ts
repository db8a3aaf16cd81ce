import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { afterAll, beforeAll } from "vitest";
import { startTestMailServer, type TestMailServer } from "@lootlane/server/test/test-mail";
import { testImages } from "@lootlane/server/test/test-images";
import { signInAdminThroughApi } from "./admin-sign-in.js";
import { type ApiSession, signUpThroughApi } from "./api-session.js";
import { launchBrowser } from "./browser.js";
import { type StartedServer, startServer } from "./server.js";

/** What a browser journey runs against: the built server mailing to a test mail server, Chromium, the admin's API. */
export type Journey = { server: StartedServer; mail: TestMailServer; browser: Browser; adminApi: ApiSession };

/**
 * Starts a journey's world before the tests of the calling describe block and stops it after them; `env` adds to
 * the server's environment. The fields are
 * filled once beforeAll has run, so tests and helpers read them through the returned object.
 */
export function useJourney({ env = {} }: { env?: Record<string, string> } = {}): Journey {
  const journey = {} as Partial<Journey>;
  beforeAll(async () => {
    journey.mail = await startTestMailServer();
    journey.server = await startServer({
      env: { SMTP_URL: journey.mail.url, MAIL_FROM: "Lootlane <no-reply@lootlane.test>", ...env },
    });
    journey.browser = await launchBrowser();
    // The admin sets up two-factor sign-in here; the journey's later admin sign-ins enter codes (admin-sign-in.ts).
    journey.adminApi = await signInAdminThroughApi(journey.server.baseUrl);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    await journey.mail?.close();
  });
  return journey as Journey;
}

export type ProductFields = {
  title: string;
  description: string;
  productData: string;
  price: number;
  categoryId: string;
};

/** The multipart body of POST /products/ for `fields`, with one PNG picture. */
export async function productForm(fields: ProductFields): Promise<FormData> {
  const form = new FormData();
  form.append("title", fields.title);
  form.append("description", fields.description);
  form.append("product_data", fields.productData);
  form.append("price", String(fields.price));
  form.append("category_id", fields.categoryId);
  form.append(
    "uploaded_images",
    new Blob([new Uint8Array(await testImages.png())], { type: "image/png" }),
    "cover.png",
  );
  return form;
}

/** A new user signed up through the API, e-mail `<username>@example.com`; answers their session. */
export function signUpUser(journey: Journey, username: string, password: string): Promise<ApiSession> {
  return signUpThroughApi(journey.server.baseUrl, journey.mail, {
    email: `${username}@example.com`,
    username,
    password,
  });
}

/** A listing of `seller` in the first category, made through the API; it waits in moderation. Answers its id. */
export async function listProductThroughApi(
  seller: ApiSession,
  product: Omit<ProductFields, "categoryId">,
): Promise<string> {
  const categories = (await (await seller.call("GET", "/categories/all")).json()) as { id: string }[];
  const created = await seller.call(
    "POST",
    "/products/",
    await productForm({ ...product, categoryId: categories[0]!.id }),
  );
  expect(created.status, await created.clone().text()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

/** The admin approves a listing through the API: it goes on sale. */
export async function approveThroughApi(journey: Journey, productId: string): Promise<void> {
  expect((await journey.adminApi.call("POST", "/admin/products/approve", { product_id: productId })).status).toBe(200);
}

/** A new seller, signed up through the API, with one product on sale (approved by the admin); answers its id. */
export async function sellerWithProduct(
  journey: Journey,
  seller: { username: string; password: string },
  product: Omit<ProductFields, "categoryId">,
): Promise<string> {
  return listedProduct(journey, await signUpUser(journey, seller.username, seller.password), product);
}

/** A product of the seller signed in as `api`, in the first category, on sale (approved by the admin); answers its id. */
export async function listedProduct(
  journey: Journey,
  api: ApiSession,
  product: Omit<ProductFields, "categoryId">,
): Promise<string> {
  const id = await listProductThroughApi(api, product);
  await approveThroughApi(journey, id);
  return id;
}

/** Signs `email` in on the sign-in page, with the page's labels in the language it shows. */
export async function signInOnPage(
  page: Page,
  { email, password }: { email: string; password: string },
  labels = { password: "Password", submit: "Sign in" },
): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: labels.submit, exact: true }).click();
  // Signed in, the app leaves the form: for the home page, or an admin's dashboard.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe("/signin");
}
