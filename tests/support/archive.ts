import { getTableName } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { listIncidents, readIncident } from "@/db/read/incident";
import { importRecord } from "@/db/write/record";
import { COLLECTION_NAMES, collectionOf } from "@/domain/record/collections";

/**
 * An archive of `copies` more incidents: copies of those the database holds, in turn, each under
 * its own slug and title, imported through the domain verb (so each has its own list of counts),
 * with their originals' translations. Their dates are the originals', so pages hold ties that the
 * slug orders.
 */
export function fillArchive(db: Db, copies: number): string[] {
  const originals = listIncidents(db).flatMap((i) => readIncident(db, i.slug) ?? []);
  const slugs: string[] = [];
  for (let n = 1; n <= copies; n++) {
    const from = originals[(n - 1) % originals.length];
    if (!from) throw new Error("fillArchive copies the incidents the database holds, and it holds none");
    const slug = `${from.slug.slice(0, 40)}-copy-${n}`;
    const incident = { ...from.record.incident, slug, title: `${from.record.incident.title} (copy ${n})` };
    importRecord({ db, actor: { kind: "system", name: "archive-fill" }, input: { record: { ...from.record, incident }, affected: from.affected?.summary ?? null, updatedAt: from.updatedAt } });
    copyTranslations(db, from.slug, slug);
    slugs.push(slug);
  }
  return slugs;
}

/** Each row id of one incident's subjects (the incident, its items) beside its copy's, items paired in the order imported. */
function pairedIds(db: Db, from: number, to: number): Map<string, Map<number, number>> {
  const pairs = new Map<string, Map<number, number>>([["incident", new Map([[from, to]])]]);
  for (const c of COLLECTION_NAMES) {
    const ids = db.$client.prepare(`SELECT id FROM "${getTableName(collectionOf(c).table)}" WHERE incident_id = ? ORDER BY id`).pluck();
    const copies = ids.all(to);
    pairs.set(c, new Map(ids.all(from).flatMap((id, n) => (typeof id === "number" && typeof copies[n] === "number" ? [[id, copies[n]]] : []))));
  }
  return pairs;
}

// Until the import carries translations itself: each row once (a copy the import already translated keeps its own).
function copyTranslations(db: Db, fromSlug: string, toSlug: string): void {
  const idOf = db.$client.prepare("SELECT id FROM incident WHERE slug = ?").pluck();
  const from = idOf.get(fromSlug);
  const to = idOf.get(toSlug);
  if (typeof from !== "number" || typeof to !== "number") throw new Error(`fillArchive: no incident ${fromSlug} or ${toSlug}`);
  const rows = z.array(translationRow).parse(db.$client.prepare("SELECT subject, subject_id AS subjectId, field, locale, text, original FROM translation WHERE incident_id = ?").all(from));
  if (rows.length === 0) return;
  const pairs = pairedIds(db, from, to);
  const insert = db.$client.prepare("INSERT OR IGNORE INTO translation (incident_id, subject, subject_id, field, locale, text, original) VALUES (?, ?, ?, ?, ?, ?, ?)");
  db.$client.transaction(() => {
    for (const r of rows) {
      const subjectId = pairs.get(r.subject)?.get(r.subjectId);
      if (subjectId !== undefined) insert.run(to, r.subject, subjectId, r.field, r.locale, r.text, r.original);
    }
  })();
}
const translationRow = z.strictObject({ subject: z.string(), subjectId: z.number().int(), field: z.string(), locale: z.string(), text: z.string(), original: z.number().int() });
