import "server-only";
import { z } from "zod";
import { incidentDocumentSchema, SCHEMA_VERSION } from "@/domain/record/document";
import { type StoredRecord, incidentView } from "@/view/incident";
import type { CardView } from "@/view/card";
import { renderAtomFeed } from "./atom";
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
  "index.html": { type: "text/html; charset=utf-8", make: (s: StoredRecord) => renderIncidentHtml(incidentView(s), SCHEMA_VERSION) },
  "postmortem.md": { type: "text/markdown; charset=utf-8", make: (s: StoredRecord) => renderMarkdown(incidentView(s), SCHEMA_VERSION) },
  "incident.json": {
    type: "application/json",
    make: (s: StoredRecord) => JSON.stringify({ $schema: `./${INCIDENT_SCHEMA_FILE}`, ...buildDocument(s) }, null, 2) + "\n",
  },
  [INCIDENT_SCHEMA_FILE]: { type: "application/schema+json", make: () => incidentJsonSchema() },
} as const;
export type IncidentFile = keyof typeof INCIDENT_FILES;

/** Every file of one incident's export, by its name inside incidents/<slug>/. */
export function incidentFiles(stored: StoredRecord): Record<IncidentFile, string> {
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

/** One of an incident's files as the app serves it at /incidents/<slug>/<name>. */
export function incidentFile(stored: StoredRecord, name: IncidentFile): { body: string; type: string } {
  const file = INCIDENT_FILES[name];
  return { body: file.make(stored), type: file.type };
}

/** /feed.xml: the export's feed, its links relative to the feed's own address. */
export function feedFile(cards: CardView[]): { body: string; type: string } {
  return { body: renderAtomFeed(cards, { baseUrl: "", feedUrl: "feed.xml" }), type: "application/atom+xml; charset=utf-8" };
}
