import fc from "fast-check";
import { isFileSchema, type FuzzOperation, type FuzzParameter, type JsonSchema } from "./fuzz-openapi.js";
import { mightSatisfy } from "./fuzz-schema.js";
import {
  canRefuse,
  fieldName,
  hostileText,
  hugeText,
  jsonObjectText,
  junkJson,
  plausibleValue,
  refusedValue,
  type KnownIds,
} from "./fuzz-values.js";
import { holdsCodeLikeNumber } from "./log-secrets-check.js";
import { multipartForm, type FormPart } from "./multipart.js";

/*
 * Whole requests for one operation of the OpenAPI document. Most carry exactly one input the server must refuse
 * (its `refusal` says which), so the test may demand a 4xx; the rest carry only inputs the schema may accept,
 * as odd as its rules allow, to reach the services and the database.
 */

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** Why the server must refuse this request; undefined when it may accept it. */
  refusal: string | undefined;
};

/** One input of the request: the same part either carries an input the server may accept, or one it must refuse. */
type Input<T> = { canRefuse: boolean; value(refuse: boolean): fc.Arbitrary<{ value: T; refusal?: string }> };

type Parts = {
  path: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  body: { contentType: string; payload: string | Buffer } | undefined;
};

const bodyMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function fuzzRequests(
  operation: FuzzOperation,
  ids: KnownIds,
): fc.Arbitrary<FuzzRequest & fc.WithToStringMethod> {
  const inputs: Input<Partial<Parts>>[] = [
    ...operation.pathParams.map((parameter) =>
      mapInput(pathInput(parameter, ids), (segment) => ({ path: { [parameter.name]: segment } })),
    ),
    mapInput(queryInput(operation.query, ids), (query) => ({ query })),
    mapInput(headerInput(operation.headers, ids), (headers) => ({ headers })),
  ];
  if (operation.body)
    inputs.push(
      mapInput(
        operation.body.kind === "json"
          ? jsonBodyInput(operation.body.schema, ids)
          : multipartBodyInput(operation.body.schema, ids),
        (body) => ({ body }),
      ),
    );

  const refusable = inputs.flatMap((input, index) => (input.canRefuse ? [index] : []));
  const structured = (refused: number | undefined) =>
    fc
      .tuple(...inputs.map((input, index) => input.value(index === refused)))
      .map((values) => assemble(operation, values));
  const arbitraries: fc.WeightedArbitrary<FuzzRequest>[] = [{ arbitrary: structured(undefined), weight: 1 }];
  if (refusable.length > 0) arbitraries.push({ arbitrary: fc.constantFrom(...refusable).chain(structured), weight: 3 });
  if (bodyMethods.has(operation.method))
    arbitraries.push({ arbitrary: rawBodyRequest(operation, structured(undefined)), weight: 1 });
  // The URL is logged: its numbers come from integerNotACode, and the rare text that could still read as a
  // mailed code (six digits of a hostile string) is skipped, so no URL can match another test's code.
  return fc
    .oneof(...arbitraries)
    .filter((request) => !holdsCodeLikeNumber(request.url))
    .map((request) => ({ ...request, [fc.toStringMethod]: () => describeRequest(request) }));
}

function mapInput<T, U>(input: Input<T>, map: (value: T) => U): Input<U> {
  return {
    canRefuse: input.canRefuse,
    value: (refuse) =>
      input.value(refuse).map(({ value, refusal }) => ({ value: map(value), ...(refusal ? { refusal } : {}) })),
  };
}

function assemble(operation: FuzzOperation, values: { value: Partial<Parts>; refusal?: string }[]): FuzzRequest {
  const parts: Parts = { path: {}, query: "", headers: {}, body: undefined };
  for (const { value } of values) {
    Object.assign(parts.path, value.path);
    Object.assign(parts.headers, value.headers);
    if (value.query !== undefined) parts.query = value.query;
    if (value.body !== undefined) parts.body = value.body;
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => parts.path[name] ?? "");
  return {
    method: operation.method,
    url: parts.query ? `${path}?${parts.query}` : path,
    headers: { ...parts.headers, ...(parts.body ? { "content-type": parts.body.contentType } : {}) },
    payload: parts.body?.payload,
    refusal: values.find(({ refusal }) => refusal)?.refusal,
  };
}

function pathInput(parameter: FuzzParameter, ids: KnownIds): Input<string> {
  return {
    canRefuse: canRefuse(parameter.schema, "text"),
    value: (refuse) =>
      (refuse ? refusedValue(parameter.schema, "text") : plausibleValue(parameter.schema, "text", ids)).map((text) => ({
        value: percentEncode(text),
        ...(refuse ? { refusal: `path parameter ${parameter.name}` } : {}),
      })),
  };
}

function queryInput(parameters: FuzzParameter[], ids: KnownIds): Input<string> {
  const declared = new Set(parameters.map(({ name }) => name));
  const extra = fc.tuple(
    fieldName.filter((name) => !declared.has(name)),
    fc.oneof(
      hostileText().map(percentEncode),
      fc.constantFrom("%", "%zz", "%E0%A4", "%ED%A0%80", "%FF", "%00", "a=b=c", "&&", "%u0041"),
    ),
  );
  type Refusal = { name: string; pairs: [string, string][]; refusal: string };
  const refusals = parameters.flatMap(({ name, required, schema }): fc.Arbitrary<Refusal>[] => [
    ...(canRefuse(schema, "text")
      ? [
          refusedValue(schema, "text").map((text): Refusal => ({
            name,
            pairs: [[name, percentEncode(text)]],
            refusal: `query parameter ${name}`,
          })),
        ]
      : []),
    ...(required ? [fc.constant<Refusal>({ name, pairs: [], refusal: `query parameter ${name} missing` })] : []),
    // A repeated parameter arrives as an array, which no scalar parameter accepts.
    ...(schema.type === "array"
      ? []
      : [
          fc.array(plausibleValue(schema, "text", ids), { minLength: 2, maxLength: 3 }).map((texts): Refusal => ({
            name,
            pairs: texts.map((text) => [name, percentEncode(text)]),
            refusal: `query parameter ${name} repeated`,
          })),
        ]),
  ]);
  const accepted = (skip: string | undefined) =>
    fc
      .tuple(
        ...parameters.map((parameter) =>
          parameter.name === skip
            ? fc.constant(undefined)
            : parameter.required
              ? plausibleValue(parameter.schema, "text", ids)
              : fc.option(plausibleValue(parameter.schema, "text", ids), { nil: undefined }),
        ),
      )
      .map((texts) =>
        texts.flatMap((text, index): [string, string][] =>
          text === undefined ? [] : [[parameters[index]!.name, percentEncode(text)]],
        ),
      );
  const toQuery = (pairs: [string, string][]) =>
    pairs.map(([name, value]) => `${percentEncode(name)}=${value}`).join("&");
  return {
    canRefuse: refusals.length > 0,
    value: (refuse) =>
      refuse
        ? fc
            .oneof(...refusals)
            .chain(({ name, pairs, refusal }) =>
              fc
                .tuple(accepted(name), fc.array(extra, { maxLength: 3 }))
                .map(([others, extras]) => ({ value: toQuery([...extras, ...others, ...pairs]), refusal })),
            )
        : fc
            .tuple(accepted(undefined), fc.array(extra, { maxLength: 3 }))
            .map(([others, extras]) => ({ value: toQuery([...extras, ...others]) })),
  };
}

function headerInput(parameters: FuzzParameter[], ids: KnownIds): Input<Record<string, string>> {
  const refusable = parameters.filter((parameter) => canRefuse(parameter.schema, "text"));
  const accepted = fc
    .tuple(
      ...parameters.map((parameter) =>
        fc.option(plausibleValue(parameter.schema, "text", ids).map(headerSafe), { nil: undefined }),
      ),
    )
    .map((values) =>
      Object.fromEntries(
        values.flatMap((value, index) => (value === undefined ? [] : [[parameters[index]!.name, value]])),
      ),
    );
  return {
    canRefuse: refusable.length > 0,
    value: (refuse) =>
      refuse
        ? fc.constantFrom(...refusable).chain((parameter) =>
            fc
              .tuple(
                accepted,
                refusedValue(parameter.schema, "text")
                  .map(headerSafe)
                  .filter((value) => !mightSatisfy(parameter.schema, value, "text")),
              )
              .map(([headers, value]) => ({
                value: { ...headers, [parameter.name]: value },
                refusal: `header ${parameter.name}`,
              })),
          )
        : accepted.map((value) => ({ value })),
  };
}

type Body = { contentType: string; payload: string | Buffer };

function jsonBodyInput(schema: JsonSchema, ids: KnownIds): Input<Body> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const extras = fc.array(
    fc.tuple(
      fieldName.filter((name) => !(schema.properties && name in schema.properties)),
      junkJson,
    ),
    { maxLength: 3 },
  );
  const fields = (skip: string | undefined, odd: boolean) =>
    fc
      .tuple(
        ...properties.map(([name, property]) => {
          if (name === skip) return fc.constant(undefined);
          const value = odd
            ? fc.oneof({ arbitrary: plausibleValue(property, "json", ids), weight: 3 }, junkJson)
            : plausibleValue(property, "json", ids);
          return required.has(name) ? value : fc.option(value, { nil: undefined });
        }),
      )
      .map((values) =>
        values.flatMap((value, index): [string, string][] =>
          value === undefined ? [] : [[properties[index]![0], value]],
        ),
      );
  const refusals = [
    junkJson.filter((text) => !isJsonObject(text)).map((text) => ({ text, refusal: "body not an object" })),
    ...properties.flatMap(([name, property]) => [
      ...(required.has(name)
        ? [
            fields(name, true).chain((others) =>
              extras.map((more) => ({
                text: jsonObjectText([...more, ...others]),
                refusal: `body field ${name} missing`,
              })),
            ),
          ]
        : []),
      ...(canRefuse(property, "json")
        ? [
            fc.tuple(extras, fields(name, true), refusedValue(property, "json")).map(([more, others, value]) => ({
              text: jsonObjectText([...more, ...others, [name, value]]),
              refusal: `body field ${name}`,
            })),
          ]
        : []),
    ]),
  ];
  return {
    canRefuse: true,
    value: (refuse) =>
      (refuse
        ? fc.oneof(...refusals)
        : fc
            .tuple(extras, fields(undefined, false))
            .map(([more, others]) => ({ text: jsonObjectText([...more, ...others]) }))
      ).map(({ text, refusal }: { text: string; refusal?: string }) => ({
        value: { contentType: "application/json", payload: text },
        ...(refusal ? { refusal } : {}),
      })),
  };
}

/** A file that is no image whatever its name and type say: empty, random bytes, or markup. */
const junkFile = (field: string): fc.Arbitrary<FormPart> =>
  fc.record({
    field: fc.constant(field),
    content: fc.oneof(
      fc.constant(Buffer.alloc(0)),
      fc.uint8Array({ maxLength: 2_048 }).map((bytes) => Buffer.concat([Buffer.from("JUNK"), Buffer.from(bytes)])),
      hostileText().map((text) =>
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${text}</svg>`),
      ),
    ),
    filename: fc
      .tuple(hostileText({ maxLength: 20 }), fc.constantFrom(".png", ".jpg", ".jpeg", ".svg", ".html", ""))
      .map(([name, extension]) => `${dispositionSafe(name)}${extension}`),
    contentType: fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "text/html", "application/octet-stream"),
  });

const textPart = (field: string, content: fc.Arbitrary<string>): fc.Arbitrary<FormPart> =>
  content.map((text) => ({ field: dispositionSafe(field), content: text }));

function multipartBodyInput(schema: JsonSchema, ids: KnownIds): Input<Body> {
  const properties = Object.entries(schema.properties ?? {});
  const textFields = properties.filter(([, property]) => !isFileSchema(property));
  const fileFields = properties.filter(([, property]) => isFileSchema(property));
  const required = new Set(schema.required ?? []);
  const extras = fc.array(
    fc.oneof(
      fieldName
        .filter((name) => !(schema.properties && name in schema.properties))
        .chain((name) => textPart(name, fc.oneof(hostileText(), hugeText))),
      // A file where text is expected is skipped: the text field counts as not sent.
      ...textFields.map(([name]) => junkFile(name)),
    ),
    { maxLength: 3 },
  );
  /** Every field but `skip`: text fields as the schema may accept them (`odd`: or anything), repeated at times; junk files in the file fields. */
  const fields = (skip: string | undefined, odd: boolean) =>
    fc
      .tuple(
        ...textFields.map(([name, property]) => {
          if (name === skip) return fc.constant([]);
          const value = plausibleValue(property, "text", ids);
          // The last of a repeated field wins: the one before it may be anything.
          const repeated = fc
            .tuple(
              fc.array(textPart(name, odd ? fc.oneof(value, hostileText(), hugeText) : hostileText()), {
                maxLength: 2,
              }),
              textPart(name, value),
            )
            .map(([before, last]) => [...before, last]);
          return required.has(name) ? repeated : fc.oneof(fc.constant([]), repeated);
        }),
        ...fileFields.map(([name]) =>
          name === skip ? fc.constant([]) : fc.array(junkFile(name), { maxLength: odd ? 2 : 1 }),
        ),
      )
      .map((groups) => groups.flat());
  const withExtras = (parts: fc.Arbitrary<FormPart[]>, refusal: string) =>
    fc.tuple(extras, parts).map(([more, own]) => ({ parts: [...more, ...own], refusal }));
  const refusals = [
    ...properties.flatMap(([name, property]) => {
      const file = isFileSchema(property);
      return [
        ...(required.has(name) ? [withExtras(fields(name, true), `form field ${name} missing`)] : []),
        ...(file
          ? [
              withExtras(
                fc
                  .tuple(fields(name, true), fc.array(junkFile(name), { minLength: 1, maxLength: 2 }))
                  .map(([others, files]) => [...others, ...files]),
                `form field ${name} carries no image`,
              ),
            ]
          : []),
        ...(!file && canRefuse(property, "text")
          ? [
              withExtras(
                fc
                  .tuple(fields(name, true), textPart(name, refusedValue(property, "text")))
                  .map(([others, last]) => [...others, last]),
                `form field ${name}`,
              ),
            ]
          : []),
      ];
    }),
    withExtras(
      fc.array(textPart("filler", hostileText()), { minLength: 21, maxLength: 25 }),
      "more than 20 form fields",
    ),
  ];
  return {
    canRefuse: true,
    value: (refuse) =>
      (refuse
        ? fc.oneof(...refusals)
        : fc.tuple(extras, fields(undefined, false)).map(([more, own]) => ({ parts: [...more, ...own] }))
      ).map(({ parts, refusal }: { parts: FormPart[]; refusal?: string }) => {
        const form = multipartForm(parts);
        return {
          value: { contentType: form.headers["content-type"], payload: form.payload },
          ...(refusal ? { refusal } : {}),
        };
      }),
  };
}

const otherContentTypes = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/xml",
  "application/octet-stream",
  "application/json-patch+json",
  "text/json",
  "*/*",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/mixed; boundary=x",
];
const notJson = [
  "",
  " ",
  "{",
  "}",
  "{a:1}",
  "{'a':1}",
  '{"a":1,}',
  "[1,]",
  "undefined",
  "NaN",
  "\u0000",
  "{}x",
  '{"a":1}{"b":2}',
  "\ufeff[]",
  "nul",
  "tru",
];

/**
 * A request whose body cannot be read as the declared one: not JSON, JSON but not an object, a content type the
 * API does not take, a multipart body that breaks off, invalid UTF-8, or more than the 1 MiB body limit.
 */
function rawBodyRequest(operation: FuzzOperation, base: fc.Arbitrary<FuzzRequest>): fc.Arbitrary<FuzzRequest> {
  const boundary = "fuzz-boundary";
  const body: fc.Arbitrary<Body> = fc.oneof(
    fc
      .oneof(fc.constantFrom(...notJson), junkJson, hostileText())
      .filter((text) => !isJsonObject(text))
      .map((payload) => ({ contentType: "application/json", payload })),
    fc
      .tuple(fc.constantFrom(...otherContentTypes), fc.oneof(junkJson, hostileText()))
      .map(([contentType, payload]) => ({ contentType, payload })),
    fc
      .constantFrom(1_100_000, 5_000_000)
      .map((length) => ({ contentType: "application/json", payload: `{"a":"${"x".repeat(length)}"}` })),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
      contentType: "application/json",
      payload: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from(bytes)]),
    })),
    fc.tuple(fc.oneof(hostileText(), hugeText), fc.boolean()).map(([text, preamble]) => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      // A part that never ends, or junk where the first boundary should be.
      payload: preamble ? text : `--${boundary}\r\nContent-Disposition: form-data; name="product_id"\r\n\r\n${text}`,
    })),
  );
  return fc.tuple(base, body).map(([request, { contentType, payload }]) => ({
    ...request,
    headers: { ...request.headers, "content-type": contentType },
    payload,
    refusal: operation.body ? "body not readable as the declared one" : undefined,
  }));
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

const loneSurrogate = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/** Percent-encodes text as UTF-8; a lone surrogate becomes the three bytes a careless encoder writes, which are not UTF-8. */
export function percentEncode(text: string): string {
  // Splitting on a capturing pattern puts the lone surrogates at the odd indexes.
  return text
    .split(loneSurrogate)
    .map((piece, index) => (index % 2 === 1 ? wtf8(piece.charCodeAt(0)) : encodeURIComponent(piece)))
    .join("");
}

function wtf8(code: number): string {
  return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join("");
}

/** Header values are Latin-1 without line breaks; anything else is sent as `?`. */
function headerSafe(text: string): string {
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?");
}

/** A multipart field or file name cannot hold quotes or line breaks without ending its header. */
function dispositionSafe(name: string): string {
  return name.replace(/["\\\r\n]/g, "_");
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ""
      : ` body=${clip(Buffer.isBuffer(request.payload) ? request.payload.toString("latin1") : request.payload)}`;
  return `${request.method} ${clip(request.url)} headers=${clip(JSON.stringify(request.headers))}${payload} refusal=${request.refusal ?? "none"}`;
}

function clip(text: string): string {
  return text.length <= 600
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, 500))}… (${text.length} characters)`;
}
