import { readIncident, type StoredIncident } from "@/db/read/incident";
import type { Store } from "@/db/store/store";
import { addItem } from "@/db/write/collections";
import { createIncident, setPublished, updateIncident } from "@/db/write/incident";
import type { Actor } from "@/domain/access";

// Small incidents written through the domain verbs, as an editor would: for tests of what the
// record's readers make of an incident's status, severity, events and updates.

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

export function incidentWrites(store: () => Store) {
  const version = async (slug: string) => (await readIncident(store(), slug, { drafts: true }))?.version ?? 0;
  const add = async (slug: string, collection: "updates" | "events" | "sources", item: Record<string, unknown>) =>
    addItem({ store: store(), actor: editor, slug, collection, input: { version: await version(slug), item } });
  const read = async (slug: string): Promise<StoredIncident> => {
    const stored = await readIncident(store(), slug, { drafts: true });
    if (!stored) throw new Error(`no incident ${slug}`);
    return stored;
  };
  return {
    /** A draft with its own status and severity (investigating, not rated, unless given). */
    create: (slug: string, fields: Record<string, unknown> = {}) =>
      createIncident({
        store: store(),
        actor: editor,
        input: { slug, title: `Incident ${slug}`, summary: "A test.", provider: "Example", service: "Queues", status: "investigating", impact: "Jobs wait.", cause: "Not known yet.", cites: [], ...fields },
      }),
    change: async (slug: string, changes: Record<string, unknown>) => updateIncident({ store: store(), actor: editor, slug, input: { version: await version(slug), ...changes } }),
    update: (slug: string, at: string, status: string, body = `${status} at ${at}`) => add(slug, "updates", { at, status, body }),
    /** A dated event of the incident, citing a source of its own (every event cites one). */
    event: async (slug: string, key: string, at: string, precision: string, phase: string) => {
      const record = (await readIncident(store(), slug, { drafts: true }))?.record;
      if (!record?.sources.length) await add(slug, "sources", { number: 0, publisher: "Example", title: "Report", author: null, publishedOn: "2026-12-01", url: null, note: null });
      return add(slug, "events", { key, at, precision, phase, title: `Event ${key}`, detail: null, cites: [0] });
    },
    publish: async (slug: string, published = true) => setPublished({ store: store(), actor: editor, slug, input: { version: await version(slug) }, published }),
    read,
  };
}
