import { describe, expect, it } from "vitest";
import { adminUpdateUserRequestSchema } from "../admin/admin.schemas.js";
import { productFieldRules, productSearchQuerySchema, updateProductFieldsSchema } from "../catalog/products.schemas.js";
import { BALANCE_ADJUSTMENT_MAX, BALANCE_MAX, PRODUCT_PRICE_MAX } from "../common/constants.js";
import { balanceAdjustmentRequestSchema, buyRequestSchema } from "../deals/deals.schemas.js";

const userId = "6f1c2b9e-4a57-4c1e-9a3e-2f6d1b7c8a90";
const productId = "0b7e3c1a-5d2f-4e8b-9c6a-1f2e3d4c5b6a";

// Each of these is a number to Number() or to z.coerce.number(), never what a person typed as a price.
const notPlainNumbers = ["0x10", "1e3", " 10", "10 ", "10.", ".5", "+10", "0b11", "0o7", "Infinity", "1_000", ""];

describe("money fields that arrive as text (multipart forms, query strings)", () => {
  it("reads plain decimal digits as the number they write", () => {
    expect(productFieldRules.price.parse("1500")).toBe(1500);
    expect(updateProductFieldsSchema.parse({ product_id: productId, price: "42" }).price).toBe(42);
    expect(productSearchQuerySchema.parse({ q: "tank", min_price: "0", max_price: "100" })).toMatchObject({
      min_price: 0,
      max_price: 100,
    });
  });

  it("refuses every other spelling of a number instead of coercing it", () => {
    for (const text of notPlainNumbers) {
      expect(productFieldRules.price.safeParse(text).success, `price ${JSON.stringify(text)}`).toBe(false);
      expect(updateProductFieldsSchema.safeParse({ product_id: productId, price: text }).success).toBe(false);
      expect(productSearchQuerySchema.safeParse({ q: "tank", min_price: text }).success).toBe(false);
      expect(productSearchQuerySchema.safeParse({ q: "tank", max_price: text }).success).toBe(false);
    }
  });

  it("still refuses decimals, zero and prices above the ceiling written as text", () => {
    for (const text of ["10.5", "0", "-5", String(PRODUCT_PRICE_MAX + 1)])
      expect(productFieldRules.price.safeParse(text).success, `price ${text}`).toBe(false);
  });
});

describe("money fields of JSON bodies", () => {
  it("take numbers only, never text", () => {
    expect(buyRequestSchema.safeParse({ product_id: productId, price: "10" }).success).toBe(false);
    expect(balanceAdjustmentRequestSchema.safeParse({ user_id: userId, amount: "10" }).success).toBe(false);
    expect(adminUpdateUserRequestSchema.safeParse({ balance: "10" }).success).toBe(false);
  });

  it("let a buy carry the whole-rouble price the buyer saw, or none, for one unit unless told", () => {
    expect(buyRequestSchema.parse({ product_id: productId, price: 1500 })).toEqual({
      product_id: productId,
      price: 1500,
      quantity: 1,
    });
    expect(buyRequestSchema.parse({ product_id: productId, quantity: 3 })).toEqual({
      product_id: productId,
      quantity: 3,
    });
    for (const price of [0, -1, 10.5, PRODUCT_PRICE_MAX + 1])
      expect(buyRequestSchema.safeParse({ product_id: productId, price }).success, `price ${price}`).toBe(false);
  });

  it("cap an admin's adjustment at BALANCE_ADJUSTMENT_MAX either way", () => {
    for (const amount of [BALANCE_ADJUSTMENT_MAX, -BALANCE_ADJUSTMENT_MAX, 0.01])
      expect(balanceAdjustmentRequestSchema.safeParse({ user_id: userId, amount }).success, `${amount}`).toBe(true);
    for (const amount of [BALANCE_ADJUSTMENT_MAX + 0.01, -BALANCE_ADJUSTMENT_MAX - 0.01, 9e13, 1e300])
      expect(balanceAdjustmentRequestSchema.safeParse({ user_id: userId, amount }).success, `${amount}`).toBe(false);
  });

  it("cap a balance an admin sets at BALANCE_MAX", () => {
    expect(adminUpdateUserRequestSchema.safeParse({ balance: BALANCE_MAX }).success).toBe(true);
    for (const balance of [BALANCE_MAX + 0.01, 9e13, 1e300])
      expect(adminUpdateUserRequestSchema.safeParse({ balance }).success, `${balance}`).toBe(false);
  });
});
