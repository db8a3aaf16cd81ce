import { productFieldRules } from "@lootlane/contract";
import { stockMessagesOfText } from "../../lib/stock-lines";

/** Keys of productForm:validation: the client-side rules of SPEC §5 Create product, each with its own text. */
export type RuleKey =
  | "required"
  | "minLength"
  | "maxLength"
  | "pricePositive"
  | "priceWhole"
  | "priceMax"
  | "categoryRequired"
  | "imagesRequired"
  | "unitsRequired"
  | "quantityMin"
  | "quantityWhole"
  | "quantityMax"
  | "invalid";

/**
 * A broken rule and the limit its text names ("At least {{min}} characters"); for units of stock, the contract's
 * message for every unit that cannot be added, by line.
 */
export type RuleProblem = { key: RuleKey; limits?: { min?: number; max?: number } } | { key: "stock"; stock: string[] };

/** Missing values have their own text, and the form sums them up as "fill in all fields" (SPEC §5 fillAllFields). */
export function isMissing(problem: RuleProblem | null): boolean {
  return (
    problem?.key === "required" ||
    problem?.key === "categoryRequired" ||
    problem?.key === "imagesRequired" ||
    problem?.key === "unitsRequired"
  );
}

/** The parts of a zod issue the rules are told apart by. */
interface RuleIssue {
  code: string;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/**
 * The contract's rule decides; this only names the first issue it reports. Reading the issue (not its English
 * message) keeps the limits in one place, the contract, while the text comes from the interface language.
 */
function problemOf(issues: readonly RuleIssue[] | undefined): RuleProblem | null {
  const issue = issues?.[0];
  if (!issue) return null;
  switch (issue.code) {
    case "too_small":
      return issue.origin === "number"
        ? { key: "pricePositive" }
        : { key: "minLength", limits: { min: Number(issue.minimum) } };
    case "too_big":
      return issue.origin === "number"
        ? { key: "priceMax", limits: { max: Number(issue.maximum) } }
        : { key: "maxLength", limits: { max: Number(issue.maximum) } };
    case "invalid_type":
      return issue.expected === "int" ? { key: "priceWhole" } : { key: "required" };
    default:
      // A rule the contract gains later still blocks the form, with a general text until it gets its own.
      return { key: "invalid" };
  }
}

export type ProductTextField = "title" | "description" | "product_data";

/** Title, description and product data: required, then the contract's length limits (on the trimmed text). */
export function checkProductText(field: ProductTextField, value: string): RuleProblem | null {
  if (value.trim() === "") return { key: "required" };
  return problemOf(productFieldRules[field].safeParse(value).error?.issues);
}

/** Whole roubles above 0, up to the ceiling. An empty number input gives "" and means the price is missing. */
export function checkPrice(value: number | string): RuleProblem | null {
  if (value === "") return { key: "required" };
  return problemOf(productFieldRules.price.safeParse(value).error?.issues);
}

/** The optional delivery note of an `auto` listing: nothing, or a text within the product data's limits. */
export function checkDeliveryNote(value: string): RuleProblem | null {
  return value.trim() === "" ? null : checkProductText("product_data", value);
}

/** The same number rules as the price, in a quantity's own words. */
const QUANTITY_KEYS: Partial<Record<RuleKey, RuleKey>> = {
  pricePositive: "quantityMin",
  priceWhole: "quantityWhole",
  priceMax: "quantityMax",
};

/** A manual listing's quantity: a whole number from 1 to the contract's ceiling. */
export function checkQuantity(value: number | string): RuleProblem | null {
  if (value === "") return { key: "required" };
  const problem = problemOf(productFieldRules.quantity.safeParse(value).error?.issues);
  return problem && problem.key !== "stock" ? { ...problem, key: QUANTITY_KEYS[problem.key] ?? problem.key } : problem;
}

/** Units of stock: at least one, then every problem the contract sees, so the seller fixes them in one go. */
export function checkStockItems(text: string): RuleProblem | null {
  if (text.trim() === "") return { key: "unitsRequired" };
  const messages = stockMessagesOfText(text);
  return messages.length > 0 ? { key: "stock", stock: messages } : null;
}

/** A game must be chosen; the subcategory is optional (ARCHITECTURE §4: a product belongs to a game or a subcategory). */
export function checkCategory(categoryId: string | null): RuleProblem | null {
  if (categoryId === null) return { key: "categoryRequired" };
  return productFieldRules.category_id.safeParse(categoryId).success ? null : { key: "categoryRequired" };
}

/** At least one image; the picker itself refuses anything beyond the maximum. */
export function checkImageCount(count: number): RuleProblem | null {
  return count === 0 ? { key: "imagesRequired" } : null;
}
