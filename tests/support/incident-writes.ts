import type { Db } from "@/db/client";
import { readIncident, type StoredIncident } from "@/db/read/incident";
import { addItem } from "@/db/write/collections";
import { createIncident, setPublished, updateIncident } from "@/db/write/incident";
import type { Actor } from "@/domain/access";

// Small incidents written through the domain verbs, as an editor would: for tests of what the
// record's readers make of an incident's status, severity, events and updates.

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

export function incidentWrites(db: () => Db) {
  const version = (slug: string) => readIncident(db(), slug, { drafts: true })?.version ?? 0;
  const add = (slug: string, collection: "updates" | "events" | "sources", item: Record<string, unknown>) =>
    addItem({ db: db(), actor: editor, slug, collection, input: { version: version(slug), item } });
  return {
    /** A draft with its own status and severity (investigating, not rated, unless given). */
    create: (slug: string, fields: Record<string, unknown> = {}) =>
      createIncident({
        db: db(),
        actor: editor,
        input: { slug, title: `Incident ${slug}`, summary: "A test.", provider: "Example", service: "Queues", status: "investigating", impact: "Jobs wait.", cause: "Not known yet.", cites: [], ...fields },
      }),
    change: (slug: string, changes: Record<string, unknown>) => updateIncident({ db: db(), actor: editor, slug, input: { version: version(slug), ...changes } }),
    update: (slug: string, at: string, status: string, body = `${status} at ${at}`) => add(slug, "updates", { at, status, body }),
    /** A dated event of the incident, citing a source of its own (every event cites one). */
    event: (slug: string, key: string, at: string, precision: string, phase: string) => {
      const record = readIncident(db(), slug, { drafts: true })?.record;
      if (!record?.sources.length) add(slug, "sources", { number: 0, publisher: "Example", title: "Report", author: null, publishedOn: "2026-12-01", url: null, note: null });
      return add(slug, "events", { key, at, precision, phase, title: `Event ${key}`, detail: null, cites: [0] });
    },
    publish: (slug: string, published = true) => setPublished({ db: db(), actor: editor, slug, input: { version: version(slug) }, published }),
    read: (slug: string): StoredIncident => {
      const stored = readIncident(db(), slug, { drafts: true });
      if (!stored) throw new Error(`no incident ${slug}`);
      return stored;
    },
  };
}
