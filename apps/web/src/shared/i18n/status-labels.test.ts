import { dealStatusSchema, productStatusSchema, reportStatusSchema, withdrawalStatusSchema } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { PRODUCT_STATUS_LABELS } from "@/shared/catalog/product-status-badge";
import { resources } from "./resources";

type Namespace = keyof (typeof resources)["en"];

/** The text at a dotted key of one language's namespace, or undefined when there is none. */
function textAt(language: "en" | "ru", namespace: Namespace, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      resources[language][namespace],
    );
}

/**
 * Every place the web app names a status, with the key it reads for each value of the contract's enum. A
 * status without a text in either language would be shown as its raw code.
 */
const statusDisplays: Array<{
  where: string;
  values: readonly string[];
  namespace: Namespace;
  key: (value: string) => string;
}> = [
  {
    where: "product cards",
    values: productStatusSchema.options,
    namespace: "common",
    key: (status) => `productStatus.${PRODUCT_STATUS_LABELS[status as keyof typeof PRODUCT_STATUS_LABELS]}`,
  },
  { where: "chat product", values: productStatusSchema.options, namespace: "chats", key: (s) => `productStatus.${s}` },
  {
    where: "admin products",
    values: productStatusSchema.options,
    namespace: "adminCatalog",
    key: (s) => `products.status.${s}`,
  },
  { where: "profile deals", values: dealStatusSchema.options, namespace: "profile", key: (s) => `deals.status.${s}` },
  { where: "admin deals", values: dealStatusSchema.options, namespace: "adminDeals", key: (s) => `status.${s}` },
  {
    where: "withdrawals",
    values: withdrawalStatusSchema.options,
    namespace: "common",
    key: (s) => `withdrawalStatus.${s}`,
  },
  { where: "admin reports", values: reportStatusSchema.options, namespace: "adminReports", key: (s) => `status.${s}` },
];

describe("status labels", () => {
  for (const { where, values, namespace, key } of statusDisplays) {
    it(`name every status of ${where} in English and Russian`, () => {
      for (const value of values) {
        const english = textAt("en", namespace, key(value));
        const russian = textAt("ru", namespace, key(value));
        expect(english, `${namespace}:${key(value)} (en)`).toEqual(expect.stringMatching(/\S/));
        expect(russian, `${namespace}:${key(value)} (ru)`).toEqual(expect.stringMatching(/[а-яё]/i));
      }
    });
  }
});
