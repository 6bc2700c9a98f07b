import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations, from db/pg/schema/ (itself written from SQLite's tables by db/pg/generate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/pg/schema",
  out: "./db/pg/migrations",
});
