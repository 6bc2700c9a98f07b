import fs from "node:fs";
import path from "node:path";
import { type IncidentRecord, incidentRecord } from "@/domain/record/record";

export const SEED_DIR = path.resolve(process.cwd(), "seed");
export const SHIPPED_SLUGS = ["glm-5-3-kv-cache-exposure"] as const;

const FILES = {
  incident: "incident.json",
  sources: "sources.json",
  events: "events.json",
  figures: "figures.json",
  durations: "durations.json",
  assessments: "assessments.json",
  recommendations: "recommendations.json",
  context: "context.json",
} as const;

/** Reads seed/<slug>/*.json into one checked record; the error names the file and the field. */
export function readSeedIncident(slug: string, dir: string = SEED_DIR): IncidentRecord {
  const raw: Record<string, unknown> = {};
  for (const [part, file] of Object.entries(FILES)) {
    const full = path.join(dir, slug, file);
    try {
      raw[part] = JSON.parse(fs.readFileSync(full, "utf8"));
    } catch (error) {
      throw new Error(`${full}: ${(error as Error).message}`);
    }
  }
  const parsed = incidentRecord.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const [part, ...rest] = issue.path.map(String);
      const file = FILES[part as keyof typeof FILES] ?? part;
      return `${slug}/${file}${rest.length ? ` at ${rest.join(".")}` : ""}: ${issue.message}`;
    });
    throw new Error(`The seed is invalid:\n${problems.join("\n")}`);
  }
  return parsed.data;
}
