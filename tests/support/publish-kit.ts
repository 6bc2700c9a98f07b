// Shared by the publish tests only: the shipped incident as the database gives it (its sample
// list's counts taken in SQL), hostile copies of it, and the views every renderer reads.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readEnv } from "@/config/env";
import { prepareDatabase } from "@/db/prepare";
import { readIncident, type StoredIncident } from "@/db/read/incident";
import { readSeedIncident } from "@/db/seed/read";
import { sqliteStore } from "@/db/store/sqlite";
import { type IncidentRecord, incidentRecord } from "@/domain/record/record";
import type { Locale } from "@/i18n/locales";
import { cardView } from "@/view/card";
import { incidentView } from "@/view/incident";

export const SLUG = "glm-5-3-kv-cache-exposure";
export const UPDATED = "2026-11-30T12:00:00.000Z";

let glm: StoredIncident | undefined;

/** The shipped incident, loaded once into a database of its own; its update time fixed so output is stable. */
export async function loadGlm(): Promise<StoredIncident> {
  if (!glm) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-publish-"));
    const file = path.join(dir, "a.db");
    await prepareDatabase({ env: readEnv({ DATABASE_URL: file, LOOKUP_SECRET: "p".repeat(40) }) });
    const store = sqliteStore(file);
    const stored = await readIncident(store, SLUG);
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
    if (!stored) throw new Error("the seed did not load");
    glm = { ...stored, updatedAt: UPDATED };
  }
  return glm;
}

export const viewOf = (stored: StoredIncident, locale: Locale = "en") => incidentView(stored, locale);
export const cardOf = (stored: StoredIncident, locale: Locale = "en") => cardView(stored, locale);
export const withRecord = (stored: StoredIncident, record: IncidentRecord): StoredIncident => ({ ...stored, record: incidentRecord.parse(record) });

export const PAYLOAD = `<img src=x onerror=alert(1)> "quoted" & 'single'`;

// Keys whose strings are identifiers, enums or dates: replacing them would make the record invalid.
const KEEP = new Set(["slug", "status", "severity", "key", "at", "precision", "phase", "publishedOn", "url", "kind", "from", "to", "contests", "assessedOn", "audience", "role", "example", "time"]);
// Free-text fields that may be null: filled too, so the optional texts are rendered and checked.
const NULLABLE_TEXT = new Set(["model", "attackNote", "contextTitle", "author", "note", "detail", "unit", "affiliation"]);

function mapText(value: unknown, key: string | null, payload: string): unknown {
  if (typeof value === "string") return key !== null && KEEP.has(key) ? value : payload;
  if (value === null) return key !== null && NULLABLE_TEXT.has(key) ? payload : null;
  if (Array.isArray(value)) return value.map((v) => mapText(v, key, payload));
  if (typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapText(v, k, payload)]));
  return value;
}

/** The shipped record with every free-text string replaced by `payload`, checked again by the record's schema. */
export const hostileRecord = (payload: string = PAYLOAD): IncidentRecord => incidentRecord.parse(mapText(readSeedIncident(SLUG).record, null, payload));

/** The shipped incident with every free-text string replaced by `payload`, its list's counts (and note) kept. */
export async function hostile(payload: string = PAYLOAD): Promise<StoredIncident> {
  const stored = await loadGlm();
  const record = hostileRecord(payload);
  const affected = stored.affected ? { ...stored.affected, summary: { ...stored.affected.summary, note: payload } } : null;
  return { ...stored, record, affected };
}

