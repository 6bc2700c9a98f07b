import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: ["./db/schema/index.ts", "./domain/record/collections/*.ts"],
  out: "./db/migrations",
  casing: "snake_case",
});
