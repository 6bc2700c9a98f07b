import type { Db } from "@/db/client";
import { listIncidents, readIncident } from "@/db/read/incident";
import { importRecord } from "@/db/write/record";

/**
 * An archive of `copies` more incidents: copies of those the database holds, in turn, each under
 * its own slug and title, imported through the domain verb (so each has its own list of counts).
 * Their dates are the originals', so pages hold ties that the slug orders.
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
    slugs.push(slug);
  }
  return slugs;
}
