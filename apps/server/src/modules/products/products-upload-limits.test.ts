import { PRODUCT_IMAGES_FIELD } from "@lootlane/contract";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { UploadLimits } from "../../config.js";
import { products, type Category } from "../../db/schema/catalog.js";
import { processImageUpload } from "../../platform/images/image-processing.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestSubcategory, imagePart, sendForm, textParts } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestClock } from "../../test/test-clock.js";
import { testImages } from "../../test/test-images.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * One account must not be able to fill the disk (issue 17): products per hour, image bytes per day and image
 * bytes held at once are limited per user, and a refused request stores nothing.
 */

const unlimited: UploadLimits = { productsPerHour: 1000, bytesPerDay: 1e12, bytesPerUser: 1e12 };

let picture: Buffer;
/** What one upload of `picture` takes as stored, image and thumbnail. */
let pictureBytes: number;

beforeAll(async () => {
  picture = await testImages.png(64, 48);
  const processed = await processImageUpload(picture, "shot.png");
  pictureBytes = processed.image.data.length + processed.thumbnail.data.length;
});

let t: TestApp;
let kind: Category;
afterEach(() => t.close());

async function appWith(limits: Partial<UploadLimits>): Promise<void> {
  // A clock that stands still, so the hour of PRODUCTS_PER_HOUR cannot turn in the middle of a test.
  t = await createTestApp({ uploadLimits: { ...unlimited, ...limits } }, { clock: createTestClock().now });
  kind = await createTestSubcategory(t.database.db, await createTestGame(t.database.db, "Limits Game"), "Limits Kind");
}

const seller = async (username: string) => signInAs(t.app, await createTestUser(t.database.db, { username }));
const create = (client: TestClient, images = 1) =>
  sendForm(t, client, "POST", "/v1/products/", [
    ...textParts({
      title: "Rare hero skin",
      description: "A rare skin for your hero",
      price: 100,
      product_data: "code: AAAA-BBBB",
      category_id: kind.id,
    }),
    ...Array.from({ length: images }, (_, i) => imagePart(PRODUCT_IMAGES_FIELD, picture, `p${i}.png`)),
  ]);
const remove = (client: TestClient, id: string) => client.request("DELETE", `/v1/products/?product_id=${id}`);
const stored = async () => ({
  products: (await t.database.db.select({ id: products.id }).from(products)).length,
  keys: await t.media.list!(),
});

describe("products per hour (PRODUCTS_PER_HOUR)", () => {
  it("refuses the creation past the limit with 429 PRODUCT_RATE_LIMITED and stores nothing; others still list", async () => {
    await appWith({ productsPerHour: 3 });
    const asSeller = await seller("limits_rate");
    for (let n = 1; n <= 3; n++) {
      const r = await create(asSeller);
      expect(r.statusCode, r.body).toBe(200);
    }
    const before = await stored();

    const refused = await create(asSeller);
    expect([refused.statusCode, refused.json().detail.error_code]).toEqual([429, "PRODUCT_RATE_LIMITED"]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);

    expect((await create(await seller("limits_other"))).statusCode).toBe(200);
  });
});

describe("image bytes held per user (MEDIA_BYTES_PER_USER)", () => {
  it("refuses an upload that does not fit with 409 MEDIA_QUOTA_EXCEEDED, also two at once, and deleting frees room", async () => {
    await appWith({ bytesPerUser: Math.floor(2.5 * pictureBytes) });
    const asSeller = await seller("limits_quota");

    // Two creations of two pictures at once: each fits alone, together they do not.
    const pair = await Promise.all([create(asSeller, 2), create(asSeller, 2)]);
    expect(pair.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const first = pair.find((response) => response.statusCode === 200)!.json();
    const before = await stored();

    const refused = await create(asSeller);
    expect([refused.statusCode, refused.json().detail.error_code]).toEqual([409, "MEDIA_QUOTA_EXCEEDED"]);
    const avatar = await sendForm(t, asSeller, "PATCH", "/v1/users/avatar", [imagePart("file", picture, "me.png")]);
    expect([avatar.statusCode, avatar.json().detail.error_code]).toEqual([409, "MEDIA_QUOTA_EXCEEDED"]);
    expect(await stored()).toEqual(before);

    expect((await remove(asSeller, first.id)).statusCode).toBe(200);
    expect((await create(asSeller, 2)).statusCode).toBe(200);
  });
});

describe("image bytes per day (UPLOAD_BYTES_PER_DAY)", () => {
  it("counts what was uploaded today, deleted or not, and refuses more with 429 UPLOAD_DAILY_LIMIT_REACHED", async () => {
    await appWith({ bytesPerDay: Math.floor(2.5 * pictureBytes) });
    const asSeller = await seller("limits_daily");
    const product = (await create(asSeller, 2)).json();
    expect((await remove(asSeller, product.id)).statusCode).toBe(200);
    const before = await stored();

    const refused = await create(asSeller);
    expect([refused.statusCode, refused.json().detail.error_code]).toEqual([429, "UPLOAD_DAILY_LIMIT_REACHED"]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(86_400);
    expect(await stored()).toEqual(before);
  });
});
