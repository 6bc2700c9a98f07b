import { z } from "zod";
import { lookupAnswerSchema } from "@/domain/lookup";
import { positiveDecimalText } from "@/domain/record/common";
import type { Collection } from "@/domain/record/collections";
import { incidentInput, incidentPatch, itemBody, versionOnly } from "@/domain/record/edits";
import { lookupInput } from "@/lookup/input";
import { affectedShapeInput } from "@/domain/record/affected-shape";
import { translationsBody } from "@/domain/record/translation";
import { NO_QUERY, ROUTE_PARAMS } from "../route-input";
import * as answer from "./responses";

/**
 * Every operation of the APIs, described once: its method and address (in the route list's
 * notation), what it reads from the address, the body the verb behind it parses, and the answer it
 * gives. The routes parse with these, and the OpenAPI document (http/openapi.ts) is made of them.
 */
export type Operation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  params: z.ZodObject;
  query: z.ZodObject;
  /** A JSON body: one schema, or one per collection for an item's address. */
  body?: z.ZodType | ((collection: Collection) => z.ZodType);
  /** A raw upload instead of JSON: its media types and what each holds. */
  upload?: Record<string, { description: string }>;
  success: { status: 200 | 201; description: string; schema: z.ZodType | ((collection: Collection) => z.ZodType) };
  errors: number[];
  /** bearer: /api/v1's tokens; proof: the lookup's own proofs, in the body or its session cookie. */
  auth: "bearer" | "none" | "proof";
};

const op = <O extends Operation>(o: O): O => o;
const WRITE_ERRORS = [400, 401, 403, 404, 409, 413, 415, 503];

/** ?version=N[&replace=1] of an affected list's upload. */
export const affectedQuery = z.strictObject({
  version: positiveDecimalText,
  replace: z
    .enum(["0", "1"], { error: "1 (replace the whole list) or 0" })
    .optional()
    .transform((v) => v === "1"),
});

export const OPERATIONS = {
  openApi: op({
    method: "GET",
    path: "/api/v1/openapi.json",
    summary: "This document",
    params: ROUTE_PARAMS.none,
    query: NO_QUERY,
    success: { status: 200, description: "The OpenAPI 3.1 document", schema: answer.openApi },
    errors: [],
    auth: "none",
  }),
  listIncidents: op({
    method: "GET",
    path: "/api/v1/incidents",
    summary: "Every incident, drafts included, with its version",
    params: ROUTE_PARAMS.none,
    query: NO_QUERY,
    success: { status: 200, description: "The incidents, by title", schema: answer.incidentList },
    errors: [400, 401],
    auth: "bearer",
  }),
  createIncident: op({
    method: "POST",
    path: "/api/v1/incidents",
    summary: "Create a draft incident",
    params: ROUTE_PARAMS.none,
    query: NO_QUERY,
    body: incidentInput,
    success: { status: 201, description: "Created, as a draft", schema: answer.created },
    errors: [400, 401, 403, 409, 413, 415, 503],
    auth: "bearer",
  }),
  readIncident: op({
    method: "GET",
    path: "/api/v1/incidents/[slug]",
    summary: "The whole record with each item's id, and the version an edit must carry",
    params: ROUTE_PARAMS.incident,
    query: NO_QUERY,
    success: { status: 200, description: "The incident", schema: answer.incidentForEditing },
    errors: [400, 401, 404],
    auth: "bearer",
  }),
  updateIncident: op({
    method: "PATCH",
    path: "/api/v1/incidents/[slug]",
    summary: "Change an incident's fields",
    params: ROUTE_PARAMS.incident,
    query: NO_QUERY,
    body: incidentPatch,
    success: { status: 200, description: "Changed; the new version", schema: answer.changed },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  affectedSchema: op({
    method: "GET",
    path: "/api/v1/incidents/[slug]/affected/schema",
    summary: "The JSON Schema of one row of the incident's affected list, made from its shape: what a JSON import takes (a CSV file has the same columns)",
    params: ROUTE_PARAMS.incident,
    query: NO_QUERY,
    success: { status: 200, description: "A JSON Schema (2020-12) of one row", schema: answer.rowSchema },
    errors: [401, 404],
    auth: "bearer",
  }),
  setAffectedShape: op({
    method: "PUT",
    path: "/api/v1/incidents/[slug]/affected/schema",
    summary: "Set what one row of the incident's affected list is (its shape: unit, account id, request ids, roles, measures, data classes, time); while the list holds rows only its words may change",
    params: ROUTE_PARAMS.incident,
    query: NO_QUERY,
    body: affectedShapeInput,
    success: { status: 200, description: "Set; the new version", schema: answer.changed },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  history: op({
    method: "GET",
    path: "/api/v1/incidents/[slug]/history",
    summary: "The audit trail, oldest first, with the values before and after",
    params: ROUTE_PARAMS.incident,
    query: NO_QUERY,
    success: { status: 200, description: "The entries", schema: answer.history },
    errors: [400, 401, 404],
    auth: "bearer",
  }),
  publish: op({
    method: "POST",
    path: "/api/v1/incidents/[slug]/publish",
    summary: "Publish: readers, the lookup, the exports and the feed see it",
    params: ROUTE_PARAMS.incident,
    query: NO_QUERY,
    body: versionOnly,
    success: { status: 200, description: "Published; the new version", schema: answer.publishedChange },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  unpublish: op({
    method: "POST",
    path: "/api/v1/incidents/[slug]/unpublish",
    summary: "Back to draft",
    params: ROUTE_PARAMS.incident,
    query: NO_QUERY,
    body: versionOnly,
    success: { status: 200, description: "A draft again; the new version", schema: answer.publishedChange },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  importAffected: op({
    method: "POST",
    path: "/api/v1/incidents/[slug]/affected",
    summary: "Import an affected list, all or nothing, as npm run import:affected does; at most 200 MB",
    params: ROUTE_PARAMS.incident,
    query: affectedQuery,
    upload: {
      "text/csv": { description: "The header the incident's list shape gives (GET /api/v1/incidents/{slug}/affected/schema), then one row a line" },
      "application/json": { description: "An array of objects with those fields" },
    },
    success: { status: 201, description: "Imported: the counts and the new version", schema: answer.affectedImported },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  addItem: op({
    method: "POST",
    path: "/api/v1/incidents/[slug]/[collection]",
    summary: "Add an item",
    params: ROUTE_PARAMS.collection,
    query: NO_QUERY,
    body: itemBody,
    success: { status: 201, description: "Added; its id and the new version", schema: answer.itemChange },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  replaceItem: op({
    method: "PUT",
    path: "/api/v1/incidents/[slug]/[collection]/[id]",
    summary: "Replace an item",
    params: ROUTE_PARAMS.item,
    query: NO_QUERY,
    body: itemBody,
    success: { status: 200, description: "Replaced; the new version", schema: answer.itemChange },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  removeItem: op({
    method: "DELETE",
    path: "/api/v1/incidents/[slug]/[collection]/[id]",
    summary: "Delete an item (a source still cited stays)",
    params: ROUTE_PARAMS.item,
    query: NO_QUERY,
    body: versionOnly,
    success: { status: 200, description: "Deleted; the new version", schema: answer.itemChange },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  setTranslations: op({
    method: "PUT",
    path: "/api/v1/incidents/[slug]/translations/[locale]",
    summary:
      "Set or clear fields' texts in one language (not the record's own): each entry names the incident's own field or an item's by its id (GET /api/v1/incidents/{slug}), with the text, null to clear it; whether it is the source's own wording, from which the record's text is translated; and whether it is a quote, whose original stands beside each translation",
    params: ROUTE_PARAMS.translations,
    query: NO_QUERY,
    body: translationsBody,
    success: { status: 200, description: "Set; the new version", schema: answer.translationsChanged },
    errors: WRITE_ERRORS,
    auth: "bearer",
  }),
  lookup: op({
    method: "POST",
    path: "/api/incidents/[slug]/lookup",
    summary: "Was my account affected? What the proof given covers, and nothing else",
    params: ROUTE_PARAMS.incident,
    query: NO_QUERY,
    body: lookupInput,
    success: { status: 200, description: "The rows the proof covers (never cached)", schema: lookupAnswerSchema },
    errors: [400, 403, 404, 409, 413, 415, 429],
    auth: "proof",
  }),
} as const satisfies Record<string, Operation>;
