import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations, from db/pg/schema.ts (itself written from SQLite's tables by db/pg/generate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/pg/schema.ts",
  out: "./db/pg/migrations",
});
