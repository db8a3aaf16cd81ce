import type { HealthResponse } from "@lootlane/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { AppError } from "../../platform/errors/app-error.js";

/** Answers only when the database does, so a load balancer takes an instance without one out of rotation. */
export async function checkHealth(db: Db): Promise<HealthResponse> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    throw new AppError("DATABASE_ERROR", {}, { cause: error });
  }
  return { status: "ok", database: "ok" };
}
