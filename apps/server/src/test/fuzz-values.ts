import fc from "fast-check";
import type { JsonSchema } from "./fuzz-openapi.js";
import { mightSatisfy, type ValueContext } from "./fuzz-schema.js";
import { holdsCodeLikeNumber } from "./log-secrets-check.js";

/*
 * Values for the input fuzzing: hostile text, JSON of every shape (as text, so it can be nested 100,000 deep
 * and hold what JSON.stringify would never write), values a schema may accept, and values it cannot accept.
 */

/**
 * The fuzzing is seeded, so every run sends the same inputs and a failure comes back when run again;
 * LOOTLANE_FUZZ_SEED picks another set. `label` (an operation) gives each property its own sequence.
 */
export function fuzzSeed(label: string): number {
  let hash = Number(process.env.LOOTLANE_FUZZ_SEED ?? 16) | 0;
  for (const character of label) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

/** Six-digit magnitudes: the numbers a mailed code could be. */
const CODE_RANGE = [100_000, 999_999] as const;

/**
 * An integer in [min, max] whose decimal text is never a 6-digit number: the fuzzer's numbers end up in logged
 * URLs, and must not equal another test's mailed code, which the log check would report (log-secrets-check.ts).
 * The ranges around the six-digit ones keep their edges (99,999 and 1,000,000). A range holding only six-digit
 * numbers has none to give; no schema has one, and the fuzzing test would fail on an empty oneof.
 */
export function integerNotACode({ min, max }: { min: number; max: number }): fc.Arbitrary<number> {
  const [low, high] = CODE_RANGE;
  const pieces = [
    [min, Math.min(max, -high - 1)],
    [Math.max(min, -low + 1), Math.min(max, low - 1)],
    [Math.max(min, high + 1), max],
  ].filter(([from, to]) => from! <= to!);
  return fc.oneof(...pieces.map(([from, to]) => fc.integer({ min: from!, max: to! })));
}

/** Numbers as text, with the rare double whose digits could be a code (e.g. 0.482913) left out. */
const notACode = (texts: fc.Arbitrary<string>) => texts.filter((text) => !holdsCodeLikeNumber(text));

/** Characters that break naive code: controls and NUL, lone surrogates, direction marks, joiners, combining marks. */
const awkwardCharacters = [
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\t",
  "\r\n",
  "\u00a0",
  "\u00ad",
  "\u200b",
  "\u200d",
  "\u200e",
  "\u200f",
  "\u202e",
  "\u2066",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\ufffd",
  "\uffff",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\u0301",
  "e\u0301",
  "Z\u0335\u0322\u031b\u0324",
  "😀",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "𝕏",
  "ß",
  "İ",
  "ﬀ",
  "١٢٣",
  "１２３",
  "Ⅻ",
  "'",
  '"',
  "\\",
  "%",
  "%00",
  "%zz",
  "&",
  "=",
  "?",
  "#",
  "/",
  "..",
  "<script>",
  "${x}",
  "{{x}}",
  "' OR 1=1 --",
];

/** One unit of hostile text: an awkward character, any code point, or plain ASCII. */
export const hostileUnit: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...awkwardCharacters), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 1 },
  { arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }), weight: 2 },
);

export const hostileText = (constraints: { minLength?: number; maxLength?: number } = {}) =>
  fc.string({ unit: hostileUnit, maxLength: 30, ...constraints });

/** Sizes around the limits that matter: field limits, the 64 KiB multipart field size, the 1 MiB body limit. */
const hugeLengths = [5_000, 70_000, 1_100_000] as const;

/** A string of at least `length` code points that trimming does not shorten. */
const longText = (length: number) =>
  hostileUnit.map((unit) => `x${unit.repeat(Math.ceil(length / Math.max(unit.length, 1)))}${"x".repeat(length)}`);

export const hugeText: fc.Arbitrary<string> = fc.constantFrom(...hugeLengths).chain(longText);

/** JSON text nested `depth` levels deep, as arrays or as objects. */
const deepJson = fc
  .tuple(fc.constantFrom(100, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

const jsonNumberText = fc.oneof(
  notACode(
    fc
      .double()
      .filter(Number.isFinite)
      .map((value) => JSON.stringify(value)),
  ),
  integerNotACode({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map(String),
  fc.constantFrom("1e400", "-1e400", "1e-400", "123456789012345678901234567890", "-0", "0.1", "4.9e-324"),
);

/** Names for fields nobody asked for, prototype keys included. */
export const fieldName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "is_admin", "role", "id", ""),
  hostileText({ maxLength: 12 }),
);

/** Any JSON value, as text. */
export const junkJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("null", "true", "false", "{}", "[]", '""'),
    jsonNumberText,
    hostileText().map((text) => JSON.stringify(text)),
    hugeText.map((text) => JSON.stringify(text)),
    deepJson,
    fc.array(tie("value"), { maxLength: 3 }).map((items) => `[${items.join(",")}]`),
    fc.array(fc.tuple(fieldName, tie("value")), { maxLength: 3 }).map(jsonObjectText),
  ),
})).value;

/** A JSON object written from its entries in order; a repeated key is written twice, as an attacker may. */
export function jsonObjectText(entries: readonly (readonly [key: string, valueText: string])[]): string {
  return `{${entries.map(([key, valueText]) => `${JSON.stringify(key)}:${valueText}`).join(",")}}`;
}

/** Ids the fixtures made, so a value that passes the schema can reach real rows. */
export type KnownIds = readonly string[];

/** A value the schema may accept: the shape is right, the content is as odd as the rules allow. */
export function plausibleValue(schema: JsonSchema, context: ValueContext, ids: KnownIds): fc.Arbitrary<string> {
  const asText = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((value) => (context === "json" ? JSON.stringify(value) : String(value)));
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => plausibleValue(branch, context, ids)));
  if (schema.enum) return asText(fc.constantFrom(...schema.enum));
  switch (schema.type) {
    case "string": {
      if (schema.format === "uuid") return asText(fc.oneof(fc.constantFrom(...ids), fc.uuid()));
      if (schema.pattern) {
        const { minLength = 0, maxLength = 1_000 } = schema;
        return asText(
          fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((text) => text.trim() === text && text.length >= minLength && text.length <= maxLength),
        );
      }
      const minLength = schema.minLength ?? 0;
      return asText(
        hostileText({ minLength, maxLength: Math.min(schema.maxLength ?? minLength + 40, minLength + 40) }),
      );
    }
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000_000 : schema.exclusiveMinimum + 1);
      const max = Math.min(schema.maximum ?? 1_000_000, min + 1_000_000);
      const integers = integerNotACode({ min, max });
      return schema.type === "integer"
        ? asText(integers)
        : fc.oneof(asText(integers), notACode(asText(fc.double({ min, max, noNaN: true }))));
    }
    case "boolean":
      return asText(fc.boolean());
    case "null":
      return asText(fc.constant(null));
    default:
      return junkJson;
  }
}

/** Whether some value is refused for the schema whatever coercion or trimming the server applies. */
export function canRefuse(schema: JsonSchema, context: ValueContext): boolean {
  if (context === "json")
    return (
      schema.type !== undefined ||
      schema.enum !== undefined ||
      (schema.anyOf ?? []).every((branch) => canRefuse(branch, context))
    );
  if (schema.anyOf) return schema.anyOf.every((branch) => canRefuse(branch, context));
  if (schema.enum || schema.type === "integer" || schema.type === "number") return true;
  return (
    schema.type === "string" &&
    (schema.pattern !== undefined || (schema.minLength ?? 0) > 0 || schema.maxLength !== undefined)
  );
}

const numberWords = fc.constantFrom(
  "",
  " ",
  "abc",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e400",
  "1.5",
  "-1",
  "0",
  "１２３",
  "0x",
  "1_000",
  "1,5",
  "٣",
  "9007199254740993",
  "99999999999999999999",
);

/** A value the schema refuses by construction (see mightSatisfy), for a schema where canRefuse holds. */
export function refusedValue(schema: JsonSchema, context: ValueContext): fc.Arbitrary<string> {
  const candidates: fc.Arbitrary<string>[] = [];
  const textual = (arbitrary: fc.Arbitrary<string>) =>
    context === "json" ? arbitrary.map((text) => JSON.stringify(text)) : arbitrary;
  if (context === "json") candidates.push(junkJson);
  candidates.push(textual(hostileText()), textual(hugeText));
  if (schema.minLength !== undefined && schema.minLength > 0)
    candidates.push(textual(hostileText({ maxLength: schema.minLength - 1 })));
  if (schema.maxLength !== undefined)
    candidates.push(textual(fc.integer({ min: 1, max: 50 }).chain((extra) => longText(schema.maxLength! + extra))));
  if (schema.type === "integer" || schema.type === "number") {
    candidates.push(context === "json" ? jsonNumberText : fc.oneof(numberWords, jsonNumberText));
    const { minimum, maximum, exclusiveMinimum } = schema;
    const floor = minimum ?? exclusiveMinimum;
    if (floor !== undefined) candidates.push(integerNotACode({ min: floor - 1_000, max: floor }).map(String));
    if (maximum !== undefined) candidates.push(integerNotACode({ min: maximum + 1, max: maximum + 1_000 }).map(String));
  }
  if (schema.enum)
    candidates.push(
      textual(
        fc.constantFrom(
          ...schema.enum.map((value) => String(value).toUpperCase()),
          ...schema.enum.map((value) => `${String(value)}x`),
        ),
      ),
    );
  return fc
    .oneof(...candidates)
    .filter((text) => !mightSatisfy(schema, context === "json" ? JSON.parse(text) : text, context));
}
