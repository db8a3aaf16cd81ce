import { z } from "zod";

/** GET /v1/health: the instance serves requests and its database answers. */
export const healthResponseSchema = z
  .object({
    status: z.literal("ok"),
    database: z.literal("ok"),
  })
  .meta({ id: "HealthResponse" });

export type HealthResponse = z.infer<typeof healthResponseSchema>;
