// Writes db/pg/schema/, PostgreSQL's tables, from SQLite's (db/pg/generate.ts); part of `npm run db:generate`.
import fs from "node:fs";
import path from "node:path";
import { pgSchemaFiles } from "@/db/pg/generate";

const DIR = "db/pg/schema";
const files = pgSchemaFiles();
fs.mkdirSync(DIR, { recursive: true });
// A table that is gone leaves no file behind.
for (const old of fs.readdirSync(DIR)) if (!(old in files)) fs.rmSync(path.join(DIR, old));
for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(DIR, name), text);
console.log(`${DIR}/ written from SQLite's tables: ${Object.keys(files).length} files`);
