import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/**
 * The TypeScript types (`paths`, `components`, `operations`) a typed client of the served document needs, e.g.
 * `createClient<paths>()` from openapi-fetch. Only tests and tools run it: the generator is a dev dependency.
 */
export async function clientTypesFor(document: object): Promise<string> {
  return astToString(await openapiTS(document as OpenAPI3, { silent: true }));
}
