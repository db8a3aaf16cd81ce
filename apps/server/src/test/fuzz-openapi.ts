/**
 * The inputs of every operation, read from the OpenAPI document the app serves (the JSON schemas generated from
 * the contract), so the input fuzzing covers a route the moment it is documented and needs no list of its own.
 */

/** The subset of JSON Schema the generated document uses for request inputs. */
export type JsonSchema = {
  type?: "string" | "integer" | "number" | "boolean" | "object" | "array" | "null";
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  default?: unknown;
  $ref?: string;
};

export type FuzzParameter = { name: string; required: boolean; schema: JsonSchema };

export type FuzzOperation = {
  /** `METHOD /path` as the document writes it, e.g. `GET /v1/users/{username}`. */
  route: string;
  method: string;
  path: string;
  pathParams: FuzzParameter[];
  query: FuzzParameter[];
  headers: FuzzParameter[];
  body: { kind: "json" | "multipart"; schema: JsonSchema } | undefined;
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export function fuzzOperations(served: OpenApiDocument): FuzzOperation[] {
  const document = constsAsEnums(served) as OpenApiDocument;
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace("#/components/schemas/", "");
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved schema reference ${schema.$ref}`);
    return resolve(target);
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required === true,
            schema: resolve(parameter.schema),
          }));
      return {
        route: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters("path"),
        query: parameters("query"),
        headers: parameters("header"),
        body: requestBody(operation, resolve),
      };
    }),
  );
}

function requestBody(operation: OpenApiOperation, resolve: (schema: JsonSchema) => JsonSchema): FuzzOperation["body"] {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  const [mediaType, ...others] = Object.keys(content);
  if (others.length > 0 || (mediaType !== "application/json" && mediaType !== "multipart/form-data")) {
    throw new Error(`the fuzzing knows JSON and multipart bodies, not ${Object.keys(content).join(", ")}`);
  }
  const schema = resolve(content[mediaType]!.schema);
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, resolve(property)]),
  );
  return { kind: mediaType === "application/json" ? "json" : "multipart", schema: { ...schema, properties } };
}

/** A multipart property that carries files rather than text. */
export function isFileSchema(schema: JsonSchema): boolean {
  return schema.format === "binary" || schema.items?.format === "binary";
}

/**
 * `const: x` (a literal in the contract, e.g. ЮKassa's `type: "notification"`) as the one-value `enum: [x]` it
 * means, which the value generators know: unknown, a const read as any string made the search for a refused
 * value filter forever.
 */
function constsAsEnums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(constsAsEnums);
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([key, value]) => [key, constsAsEnums(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  if (!("const" in object)) return object;
  const { const: only, ...rest } = object;
  return { ...rest, enum: [only] };
}
