import fs from "node:fs";
import { openDatabase } from "@/db/client";
import { databasePath, readEnv } from "@/config/env";
import { migrateDatabase } from "@/db/migrate";
import { importRecord } from "@/db/write/record";
import { operator } from "@/scripts/operator";
import { DomainError } from "@/domain/errors";
import { importableDocumentSchema } from "@/domain/record/document";

// npm run import:incident -- <incident.json>: an exported incident back into the database, whole or not at all.
const USAGE = "usage: npm run import:incident -- <incident.json>";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]?.startsWith("-")) fail(USAGE, 2);
const file = args[0] as string;

let raw: unknown;
try {
  raw = JSON.parse(fs.readFileSync(file, "utf8"));
} catch (error) {
  fail(`${file}: ${(error as Error).message}`, 2);
}
const parsed = importableDocumentSchema.safeParse(raw);
if (!parsed.success) {
  const problems = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(document)"}: ${i.message}`);
  fail(`${file} is not an incident export this version can read; nothing was imported:\n${problems.join("\n")}`);
}

const db = openDatabase(databasePath(readEnv()), { create: true });
try {
  migrateDatabase(db);
  const { slug } = importRecord({ db, actor: operator("import-incident"), input: { record: parsed.data.record, affected: parsed.data.affected, updatedAt: parsed.data.updatedAt, textLocale: parsed.data.textLocale, translations: parsed.data.translations } });
  console.log(`imported ${slug} from ${file}`);
} catch (error) {
  fail(error instanceof DomainError ? error.message : `nothing was imported: ${(error as Error).message}`);
} finally {
  db.$client.close();
}
