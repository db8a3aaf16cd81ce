import { errorResponseSchema } from "@lootlane/contract";

/** A route schema's error answers: each status listed answers the spec's error body (SPEC.md §8). */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<S, typeof errorResponseSchema>;
