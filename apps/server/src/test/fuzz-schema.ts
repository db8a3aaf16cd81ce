import type { JsonSchema } from "./fuzz-openapi.js";

/**
 * Where a value travels: a JSON body keeps its types; a query string, path segment, header or multipart text
 * field is always text, which the contract coerces (numbers) and trims (strings) before checking.
 */
export type ValueContext = "json" | "text";

/**
 * Whether the server could accept `value` for `schema`. The document loses what the contract does besides the
 * JSON Schema rules (trimming, coercion, refinements), so this answers "maybe" for anything those could let
 * through: a value it rejects is invalid by construction, and the fuzzing may demand a 4xx for it.
 */
export function mightSatisfy(schema: JsonSchema, value: unknown, context: ValueContext): boolean {
  if (schema.anyOf) return schema.anyOf.some((branch) => mightSatisfy(branch, value, context));
  if (schema.enum)
    return typeof value === "string" && (schema.enum.includes(value) || schema.enum.includes(value.trim()));
  switch (schema.type) {
    case "string":
      return typeof value === "string" && [value, value.trim()].some((text) => stringFits(schema, text));
    case "integer":
    case "number":
      return numberFits(schema, context === "text" ? Number(value) : value);
    case "boolean":
      return context === "text" || typeof value === "boolean";
    case "null":
      return value === null;
    // A nested object (ЮKassa's notification carries one); what it holds is the nested schema's to judge.
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    // A list (the preferences of Settings): likewise, its items are their schema's to judge. Without this case
    // anything might satisfy a list, and the search for a value that cannot never ends.
    case "array":
      return Array.isArray(value);
    default:
      return true;
  }
}

function stringFits(schema: JsonSchema, text: string): boolean {
  // The contract counts UTF-16 code units, JSON Schema counts code points: either may be the one applied.
  const lengths = [text.length, [...text].length];
  if (schema.minLength !== undefined && lengths.every((length) => length < schema.minLength!)) return false;
  if (schema.maxLength !== undefined && lengths.every((length) => length > schema.maxLength!)) return false;
  if (schema.pattern !== undefined && !matchesPattern(schema.pattern, text)) return false;
  return true;
}

function numberFits(schema: JsonSchema, value: unknown): boolean {
  if (typeof value !== "number" || !Number.isFinite(value)) return false;
  if (schema.type === "integer" && !Number.isInteger(value)) return false;
  if (schema.minimum !== undefined && value < schema.minimum) return false;
  if (schema.maximum !== undefined && value > schema.maximum) return false;
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  return true;
}

/** JSON Schema patterns are ECMAScript regexes; the contract may compile them with or without the `u` flag. */
function matchesPattern(pattern: string, text: string): boolean {
  return ["", "u"].some((flags) => {
    try {
      return new RegExp(pattern, flags).test(text);
    } catch {
      return false;
    }
  });
}
