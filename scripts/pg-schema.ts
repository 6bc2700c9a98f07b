// Writes db/pg/schema.ts, PostgreSQL's tables, from SQLite's (db/pg/generate.ts); part of `npm run db:generate`.
import fs from "node:fs";
import { pgSchemaSource } from "@/db/pg/generate";

fs.writeFileSync("db/pg/schema.ts", pgSchemaSource());
console.log("db/pg/schema.ts written from SQLite's tables");
