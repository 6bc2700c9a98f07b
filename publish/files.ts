import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { readIncident, type StoredIncident } from "@/db/read/incident";
import { incidentDocumentSchema, SCHEMA_VERSION } from "@/domain/record/document";
import { incidentView } from "@/view/incident";
import type { CardView } from "@/view/card";
import { renderAtomFeed } from "./atom";
import { readCards } from "./cards";
import { buildDocument } from "./document";
import { renderIncidentHtml, renderIndexHtml } from "./html";
import { renderMarkdown } from "./markdown";

export const INCIDENT_SCHEMA_FILE = "incident.schema.json";

/** The JSON Schema of incident.json, generated from the same zod schema the import validates with. */
export function incidentJsonSchema(): string {
  const schema = z.toJSONSchema(incidentDocumentSchema, { io: "input", unrepresentable: "any" });
  return JSON.stringify({ ...schema, title: "Aftermath incident export" }, null, 2) + "\n";
}

/** An incident's files: each name inside incidents/<slug>/ with its content type, and what makes it. */
const INCIDENT_FILES = {
  "index.html": { type: "text/html; charset=utf-8", make: (s: StoredIncident) => renderIncidentHtml(incidentView(s), SCHEMA_VERSION) },
  "postmortem.md": { type: "text/markdown; charset=utf-8", make: (s: StoredIncident) => renderMarkdown(incidentView(s), SCHEMA_VERSION) },
  "incident.json": {
    type: "application/json",
    make: (s: StoredIncident) => JSON.stringify({ $schema: `./${INCIDENT_SCHEMA_FILE}`, ...buildDocument(s) }, null, 2) + "\n",
  },
  [INCIDENT_SCHEMA_FILE]: { type: "application/schema+json", make: () => incidentJsonSchema() },
} as const;
export type IncidentFile = keyof typeof INCIDENT_FILES;

/** Every file of one incident's export, by its name inside incidents/<slug>/. */
export function incidentFiles(stored: StoredIncident): Record<IncidentFile, string> {
  return {
    "index.html": INCIDENT_FILES["index.html"].make(stored),
    "postmortem.md": INCIDENT_FILES["postmortem.md"].make(stored),
    "incident.json": INCIDENT_FILES["incident.json"].make(stored),
    [INCIDENT_SCHEMA_FILE]: INCIDENT_FILES[INCIDENT_SCHEMA_FILE].make(),
  };
}

export function siteFiles(cards: CardView[], baseUrl: string): Record<"index.html" | "feed.xml", string> {
  return {
    "index.html": renderIndexHtml(cards, { feedHref: "feed.xml" }),
    "feed.xml": renderAtomFeed(cards, { baseUrl, feedUrl: `${baseUrl}feed.xml` }),
  };
}

/** What the app serves at /incidents/<slug>/<name>: the export's own files; null for a draft or no incident. */
export function servedIncidentFile(db: Db, slug: string, name: IncidentFile): { body: string; type: string } | null {
  const stored = readIncident(db, slug);
  if (!stored) return null;
  const file = INCIDENT_FILES[name];
  return { body: file.make(stored), type: file.type };
}

/** /feed.xml: the export's feed, its links relative to the feed's own address. */
export function servedFeed(db: Db): { body: string; type: string } {
  return { body: renderAtomFeed(readCards(db), { baseUrl: "", feedUrl: "feed.xml" }), type: "application/atom+xml; charset=utf-8" };
}
