import fs from "node:fs";
import path from "node:path";
import { COLLECTION_NAMES, COLLECTIONS, isCollection } from "@/domain/record/collections";
import { type IncidentRecord, incidentRecord } from "@/domain/record/record";
import type { z } from "zod";
import { type SampleSpec, sampleSpec } from "@/lib/sample-list";
import { shapeOf } from "@/domain/record/affected-shape";
import { TRANSLATION_FILE, seedTranslations } from "./translations";
import type { RecordTranslations } from "@/domain/record/translation";

// The shipped incidents: each folder of seed/ holds one, as plain JSON in the record's format.

export const SEED_DIR = path.resolve(process.cwd(), "seed");
const INCIDENT_FILE = "incident.json";
/** Optional: the generated affected list the incident ships with, when its real list is not public. */
const SAMPLE_FILE = "sample.json";
/** Optional: what one row of the incident's affected list is (domain/record/affected-shape.ts). */
const SHAPE_FILE = "affected-shape.json";

export type SeedIncident = { record: IncidentRecord; sample: SampleSpec | null; translations: RecordTranslations };

/** The slugs of the shipped incidents: the folders of seed/, in name order. */
export function shippedSlugs(dir: string = SEED_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

function readJson(file: string, optional = false): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    if (optional && (error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

const problemsOf = (slug: string, issues: Array<{ path: PropertyKey[]; message: string }>, fileOf: (part: string) => string) =>
  issues.map((issue) => {
    const [part = "", ...rest] = issue.path.map(String);
    return `${slug}/${fileOf(part)}${rest.length ? ` at ${rest.join(".")}` : ""}: ${issue.message}`;
  });

/** Reads seed/<slug>/ into one checked record and its sample; an error names the file and the field. */
export function readSeedIncident(slug: string, dir: string = SEED_DIR): SeedIncident {
  const folder = path.join(dir, slug);
  const raw: Record<string, unknown> = { incident: readJson(path.join(folder, INCIDENT_FILE)), affectedShape: readJson(path.join(folder, SHAPE_FILE), true) ?? null };
  for (const c of COLLECTION_NAMES) raw[c] = readJson(path.join(folder, COLLECTIONS[c].seedFile), true) ?? [];
  const parsed = incidentRecord.safeParse(raw);
  const fileOf = (part: string) => (part === "incident" ? INCIDENT_FILE : part === "affectedShape" ? SHAPE_FILE : isCollection(part) ? COLLECTIONS[part].seedFile : part);
  if (!parsed.success) throw new Error(`The seed is invalid:\n${problemsOf(slug, parsed.error.issues, fileOf).join("\n")}`);
  const sample = optionalFile(slug, folder, SAMPLE_FILE, sampleSpec);
  const files = fs.readdirSync(folder).filter((f) => TRANSLATION_FILE.test(f)).sort();
  const translations = seedTranslations(slug, files.map((file) => ({ file, raw: readJson(path.join(folder, file)) })), parsed.data);
  return { record: parsed.data, sample: sample && { ...sample, accountForm: shapeOf(parsed.data).account.form }, translations };
}

/** One of the folder's optional files, checked; null when it is not there. */
function optionalFile<T>(slug: string, folder: string, file: string, schema: z.ZodType<T>): T | null {
  const raw = readJson(path.join(folder, file), true);
  if (raw === undefined) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`The seed is invalid:\n${problemsOf(slug, parsed.error.issues, () => file).join("\n")}`);
  return parsed.data;
}
