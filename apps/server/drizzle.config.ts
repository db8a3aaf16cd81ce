import { defineConfig } from "drizzle-kit";

// `npm run db:generate` diffs the schema against drizzle/meta and writes the next SQL migration into drizzle/.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
  strict: true,
});
