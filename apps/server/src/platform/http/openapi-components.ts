type Document = { paths?: unknown; components?: { schemas?: Record<string, unknown> } };

/**
 * Drops the component schemas no operation reaches. The zod provider registers an input and an output variant
 * of every schema with an id; most are only ever used one way round, and unused ones are noise to a reader and
 * to a client generator.
 */
export function withoutUnusedSchemas<D extends Document>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const pending = [...referencedSchemas(document.paths)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...referencedSchemas(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

const SCHEMA_REF = "#/components/schemas/";

function referencedSchemas(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(referencedSchemas);
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "$ref" && typeof value === "string" && value.startsWith(SCHEMA_REF)
      ? [decodeURIComponent(value.slice(SCHEMA_REF.length))]
      : referencedSchemas(value),
  );
}
