import { getTableName, sql } from "drizzle-orm";
import { z } from "zod";
import { readPublished } from "@/db/read/incident";
import type { Store, Tx } from "@/db/store/store";
import { importRecord } from "@/db/write/record";
import { COLLECTION_NAMES, collectionOf } from "@/domain/record/collections";

/**
 * An archive of `copies` more incidents: copies of those the database holds, in turn, each under
 * its own slug and title, imported through the domain verb (so each has its own list of counts),
 * with their originals' translations. Their dates are the originals', so pages hold ties that the
 * slug orders.
 */
export async function fillArchive(store: Store, copies: number): Promise<string[]> {
  const originals = await readPublished(store);
  const slugs: string[] = [];
  for (let n = 1; n <= copies; n++) {
    const from = originals[(n - 1) % originals.length];
    if (!from) throw new Error("fillArchive copies the incidents the database holds, and it holds none");
    const slug = `${from.slug.slice(0, 40)}-copy-${n}`;
    const incident = { ...from.record.incident, slug, title: `${from.record.incident.title} (copy ${n})` };
    await importRecord({ store, actor: { kind: "system", name: "archive-fill" }, input: { record: { ...from.record, incident }, affected: from.affected?.summary ?? null, updatedAt: from.updatedAt } });
    await copyTranslations(store, from.slug, slug);
    slugs.push(slug);
  }
  return slugs;
}

const idRow = z.object({ id: z.number().int() });

/** Each row id of one incident's subjects (the incident, its items) beside its copy's, items paired in the order imported. */
async function pairedIds(tx: Tx, from: number, to: number): Promise<Map<string, Map<number, number>>> {
  const pairs = new Map<string, Map<number, number>>([["incident", new Map([[from, to]])]]);
  for (const c of COLLECTION_NAMES) {
    const ids = async (incidentId: number) => (await tx.rows(idRow, sql`SELECT id FROM ${sql.identifier(getTableName(collectionOf(c).table))} WHERE incident_id = ${incidentId} ORDER BY id`)).map((r) => r.id);
    const copies = await ids(to);
    pairs.set(c, new Map((await ids(from)).flatMap((id, n) => (typeof copies[n] === "number" ? [[id, copies[n]]] : []))));
  }
  return pairs;
}

// Until the import carries translations itself: each row once (a copy the import already translated keeps its own).
async function copyTranslations(store: Store, fromSlug: string, toSlug: string): Promise<void> {
  await store.write(async (tx) => {
    const idOf = async (slug: string) => (await tx.row(idRow, sql`SELECT id FROM incident WHERE slug = ${slug}`))?.id;
    const from = await idOf(fromSlug);
    const to = await idOf(toSlug);
    if (from === undefined || to === undefined) throw new Error(`fillArchive: no incident ${fromSlug} or ${toSlug}`);
    const rows = await tx.rows(translationRow, sql`SELECT subject, subject_id AS "subjectId", field, locale, text, original FROM translation WHERE incident_id = ${from} ORDER BY id`);
    if (rows.length === 0) return;
    const pairs = await pairedIds(tx, from, to);
    for (const r of rows) {
      const subjectId = pairs.get(r.subject)?.get(r.subjectId);
      if (subjectId !== undefined) {
        await tx.exec(sql`INSERT INTO translation (incident_id, subject, subject_id, field, locale, text, original) VALUES (${to}, ${r.subject}, ${subjectId}, ${r.field}, ${r.locale}, ${r.text}, ${r.original}) ON CONFLICT DO NOTHING`);
      }
    }
  });
}
const translationRow = z.strictObject({ subject: z.string(), subjectId: z.number().int(), field: z.string(), locale: z.string(), text: z.string(), original: z.number().int() });
