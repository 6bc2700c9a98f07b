import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@/db/client";
import { databasePath, readEnv } from "@/config/env";
import { migrateDatabase } from "@/db/migrate";
import { listIncidents, readIncident } from "@/db/read/incident";
import { incidentFiles, siteFiles } from "@/publish/files";
import { cardView, type CardView } from "@/view/card";

// npm run export -- [--incident <slug>] [--out <dir>] [--base-url <url>]: the published postmortems as files.
const USAGE = "usage: npm run export -- [--incident <slug>] [--out <dir>] [--base-url <https://host/path/>]";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let options: { incident?: string; out: string; "base-url"?: string };
try {
  options = parseArgs({
    options: { incident: { type: "string" }, out: { type: "string", default: "out" }, "base-url": { type: "string" } },
    strict: true,
    allowPositionals: false,
  }).values as typeof options;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
const baseUrl = options["base-url"] ?? "";
if (baseUrl && !/^https?:\/\/\S+\/$/.test(baseUrl)) fail(`--base-url must be an http(s) URL ending in "/", e.g. https://example.org/postmortems/`, 2);

const file = databasePath(readEnv());
if (!fs.existsSync(file)) fail(`No database at ${file}: run \`npm run db:seed\` (or \`npm start\`) first`);
const db = openDatabase(file);
migrateDatabase(db);
const published = listIncidents(db).map((i) => i.slug);
const slugs = options.incident ? [options.incident] : published;
if (options.incident && !published.includes(options.incident)) {
  fail(`No published incident "${options.incident}". Published: ${published.join(", ") || "none"}.`, 2);
}

const out = path.resolve(options.out);
const progress = process.stderr.isTTY && slugs.length > 1;
const cards: CardView[] = [];
const written: Array<[string, number]> = [];
const write = (relative: string, content: string) => {
  const target = path.join(out, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  written.push([relative, Buffer.byteLength(content)]);
};

slugs.forEach((slug, i) => {
  if (progress) process.stderr.write(`\rexporting ${i + 1}/${slugs.length}: ${slug}`.padEnd(78).slice(0, 78));
  const stored = readIncident(db, slug, { translations: "all" });
  if (!stored) fail(`incident "${slug}" vanished while exporting`);
  cards.push(cardView(stored));
  for (const [name, content] of Object.entries(incidentFiles(stored))) write(path.join("incidents", slug, name), content);
});
if (progress) process.stderr.write("\n");
for (const [name, content] of Object.entries(siteFiles(cards, baseUrl))) write(name, content);
db.$client.close();

console.log(`exported ${cards.length} incident${cards.length === 1 ? "" : "s"} to ${out}`);
for (const [name, bytes] of written) console.log(`  ${name.padEnd(60)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
