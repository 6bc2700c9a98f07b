import "server-only";
import { z } from "zod";
import { renderAtomFeed, renderIncidentHtml, renderIndexHtml, renderMarkdown } from "@/publish/index";
import type { IncidentDocument } from "@/publish/document";
import { TOKEN_LINES } from "@/view/token-lines";
import { incidentDocumentSchema } from "@/domain/record/document";

export const INCIDENT_SCHEMA_FILE = "incident.schema.json";

/** The JSON Schema of incident.json, generated from the same zod schema the import validates with. */
export function incidentJsonSchema(): string {
  const schema = z.toJSONSchema(incidentDocumentSchema, { io: "input", unrepresentable: "any" });
  return JSON.stringify({ ...schema, title: "Aftermath incident export" }, null, 2) + "\n";
}

export function incidentJson(doc: IncidentDocument): string {
  return JSON.stringify({ $schema: `./${INCIDENT_SCHEMA_FILE}`, ...doc }, null, 2) + "\n";
}

/** Every file of one incident's export, by its name inside incidents/<slug>/. */
export function incidentFiles(doc: IncidentDocument): Record<string, string> {
  return {
    "index.html": renderIncidentHtml(doc, { tokenLines: TOKEN_LINES }),
    "postmortem.md": renderMarkdown(doc, { tokenLines: TOKEN_LINES }),
    "incident.json": incidentJson(doc),
    [INCIDENT_SCHEMA_FILE]: incidentJsonSchema(),
  };
}

export function siteFiles(docs: IncidentDocument[], baseUrl: string): Record<string, string> {
  return {
    "index.html": renderIndexHtml(docs, { feedHref: "feed.xml" }),
    "feed.xml": renderAtomFeed(docs, { baseUrl, feedUrl: `${baseUrl}feed.xml` }),
  };
}
