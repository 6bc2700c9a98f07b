import fs from "node:fs";
import { readEnv } from "@/config/env";
import { migrateTarget } from "@/db/prepare";
import { openStore } from "@/db/open-store";
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

// The database is made (a SQLite file) and migrated first, as npm run db:migrate would.
const target = readEnv().DATABASE_URL;
await migrateTarget(target);
const store = openStore(target, { max: 2, name: "aftermath-import" });
try {
  const { record, affected, updatedAt, textLocale, translations } = parsed.data;
  const { slug } = await importRecord({ store, actor: operator("import-incident"), input: { record, affected, updatedAt, textLocale, translations } });
  console.log(`imported ${slug} from ${file}`);
} catch (error) {
  await store.close();
  fail(error instanceof DomainError ? error.message : `nothing was imported: ${(error as Error).message}`);
}
await store.close();
