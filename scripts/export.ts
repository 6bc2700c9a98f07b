import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@/db/client";
import { readEnv } from "@/config/env";
import { migrateDatabase } from "@/db/migrate";
import { listIncidents, readIncident } from "@/db/read/incident";
import { openStore } from "@/db/open-store";
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from "@/i18n/locales";
import { INCIDENT_SCHEMA_FILE, inLocale, incidentFiles, siteFiles } from "@/publish/files";
import { cardView, type CardView } from "@/view/card";

// npm run export -- [--incident <slug>] [--out <dir>] [--base-url <url>] [--locale en|ru|all]: the published
// postmortems as files, in every language by default: English at the top, Russian under ru/; each
// incident's JSON (the same in every language) once, at the top.
const USAGE = "usage: npm run export -- [--incident <slug>] [--out <dir>] [--base-url <https://host/path/>] [--locale en|ru|all]";
const NEUTRAL = new Set(["incident.json", INCIDENT_SCHEMA_FILE]);

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let options: { incident?: string; out: string; "base-url"?: string; locale: string };
try {
  options = parseArgs({
    options: { incident: { type: "string" }, out: { type: "string", default: "out" }, "base-url": { type: "string" }, locale: { type: "string", default: "all" } },
    strict: true,
    allowPositionals: false,
  }).values as typeof options;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
const baseUrl = options["base-url"] ?? "";
if (baseUrl && !/^https?:\/\/\S+\/$/.test(baseUrl)) fail(`--base-url must be an http(s) URL ending in "/", e.g. https://example.org/postmortems/`, 2);
if (options.locale !== "all" && !isLocale(options.locale)) fail(`--locale must be one of ${LOCALES.join(", ")} or all, not "${options.locale}"\n${USAGE}`, 2);
const locales: readonly Locale[] = isLocale(options.locale) ? [options.locale] : LOCALES;
/** Where a language's files go inside the output: "" for English, "ru/" for Russian. */
const folderOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? "" : `${locale}/`);

const target = readEnv().DATABASE_URL;
// A SQLite file is brought up to date first, as the server does; PostgreSQL's are migrated by npm run db:migrate.
if (target.engine === "sqlite") {
  if (!fs.existsSync(target.file)) fail(`No database at ${target.file}: run \`npm run db:seed\` (or \`npm start\`) first`);
  const db = openDatabase(target.file);
  await migrateDatabase(db);
  db.$client.close();
}
const store = openStore(target, { max: 2, name: "aftermath-export" });
const published = (await listIncidents(store.q)).map((i) => i.slug);
const slugs = options.incident ? [options.incident] : published;
if (options.incident && !published.includes(options.incident)) {
  fail(`No published incident "${options.incident}". Published: ${published.join(", ") || "none"}.`, 2);
}

const out = path.resolve(options.out);
const progress = process.stderr.isTTY && slugs.length > 1;
const cards = new Map<Locale, CardView[]>(locales.map((l) => [l, []]));
const written: Array<[string, number]> = [];
const write = (relative: string, content: string) => {
  const target = path.join(out, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  written.push([relative, Buffer.byteLength(content)]);
};

for (const [i, slug] of slugs.entries()) {
  if (progress) process.stderr.write(`\rexporting ${i + 1}/${slugs.length}: ${slug}`.padEnd(78).slice(0, 78));
  const stored = await readIncident(store, slug, { translations: "all" });
  if (!stored) fail(`incident "${slug}" vanished while exporting`);
  locales.forEach((locale, n) => {
    cards.get(locale)?.push(cardView(inLocale(stored, locale), locale));
    for (const [name, content] of Object.entries(incidentFiles(stored, locale))) {
      const neutral = NEUTRAL.has(name);
      if (neutral && n > 0) continue;
      write(path.join(neutral ? "" : folderOf(locale), "incidents", slug, name), content);
    }
  });
}
if (progress) process.stderr.write("\n");
for (const locale of locales) {
  for (const [name, content] of Object.entries(siteFiles(cards.get(locale) ?? [], baseUrl && `${baseUrl}${folderOf(locale)}`, locale))) write(`${folderOf(locale)}${name}`, content);
}
await store.close();

const count = slugs.length;
console.log(`exported ${count} incident${count === 1 ? "" : "s"} in ${locales.join(" and ")} to ${out}`);
for (const [name, bytes] of written) console.log(`  ${name.padEnd(60)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
