import "server-only";
import { z } from "zod";
import { COLLECTION_NAMES, collectionSchema } from "@/domain/record/collections";
import { incidentChanges, incidentInput } from "@/db/write/incident";

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
const version = { type: "integer", minimum: 1, description: "The incident version this edit is based on; a stale one gets 409." };
const problem = { $ref: "#/components/schemas/Problem" };
const errors = (codes: number[]) =>
  Object.fromEntries(codes.map((c) => [String(c), { description: "application/problem+json", content: { "application/problem+json": { schema: problem } } }]));
const body = (schema: object) => ({ required: true, content: { "application/json": { schema } } });
const okJson = (description: string) => ({ description, content: { "application/json": { schema: { type: "object" } } } });
const slug = { name: "slug", in: "path", required: true, schema: { type: "string" } };

/** The API's OpenAPI 3.1 document, built from the zod schemas that validate its requests. */
export function openApiDocument() {
  const itemPaths = Object.fromEntries(
    COLLECTION_NAMES.flatMap((c) => {
      const item = json(collectionSchema(c));
      const edit = { type: "object", required: ["version", "item"], properties: { version, item }, additionalProperties: false };
      return [
        [
          `/incidents/{slug}/${c}`,
          { post: { summary: `Add to ${c}`, parameters: [slug], requestBody: body(edit), responses: { "201": okJson("Added; the new version"), ...errors([400, 401, 403, 404, 409, 413, 415]) } } },
        ],
        [
          `/incidents/{slug}/${c}/{id}`,
          {
            parameters: [slug, { name: "id", in: "path", required: true, schema: { type: "integer" } }],
            put: { summary: `Replace an item of ${c}`, requestBody: body(edit), responses: { "200": okJson("Changed"), ...errors([400, 401, 403, 404, 409]) } },
            delete: {
              summary: `Remove an item of ${c}`,
              requestBody: body({ type: "object", required: ["version"], properties: { version } }),
              responses: { "200": okJson("Removed"), ...errors([400, 401, 403, 404, 409]) },
            },
          },
        ],
      ];
    }),
  );
  const publish = (what: string) => ({
    post: {
      summary: what,
      parameters: [slug],
      requestBody: body({ type: "object", required: ["version"], properties: { version } }),
      responses: { "200": okJson("Done; the new version"), ...errors([400, 401, 403, 404, 409]) },
    },
  });
  return {
    openapi: "3.1.0",
    info: { title: "Aftermath API", version: "1", description: "Read and write incident records. Every change is audited." },
    servers: [{ url: "/api/v1" }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "npm run token:add -- --name <n> --scope <read|write>" } },
      schemas: {
        Problem: {
          type: "object",
          description: "RFC 9457 problem details",
          properties: { type: { type: "string" }, title: { type: "string" }, status: { type: "integer" }, detail: { type: "string" }, errors: { type: "array" }, currentVersion: { type: "integer" } },
        },
      },
    },
    paths: {
      "/incidents": {
        get: { summary: "List incidents, drafts included", responses: { "200": okJson("The incidents"), ...errors([401]) } },
        post: { summary: "Create a draft incident", requestBody: body(json(incidentInput)), responses: { "201": okJson("Created"), ...errors([400, 401, 403, 409, 413, 415]) } },
      },
      "/incidents/{slug}": {
        parameters: [slug],
        get: { summary: "An incident with its items and version", responses: { "200": okJson("The incident"), ...errors([401, 404]) } },
        patch: {
          summary: "Change an incident's fields",
          requestBody: body({ ...json(incidentChanges), properties: { ...(json(incidentChanges).properties as object), version }, required: ["version"] }),
          responses: { "200": okJson("Changed"), ...errors([400, 401, 403, 404, 409]) },
        },
      },
      "/incidents/{slug}/publish": publish("Publish: readers, the lookup, exports and the feed see it"),
      "/incidents/{slug}/unpublish": publish("Back to draft"),
      "/incidents/{slug}/history": { get: { summary: "The audit trail", parameters: [slug], responses: { "200": okJson("Entries, oldest first"), ...errors([401, 404]) } } },
      "/incidents/{slug}/affected": {
        post: {
          summary: "Import an affected list (all or nothing, like npm run import:affected); at most 200 MB",
          parameters: [
            slug,
            { name: "version", in: "query", required: true, schema: { type: "integer", minimum: 1 }, description: "The incident's current version" },
            { name: "replace", in: "query", required: false, schema: { type: "string", enum: ["0", "1"] }, description: "1: replace the whole list" },
          ],
          requestBody: {
            required: true,
            content: {
              "text/csv": { schema: { type: "string", description: "Header account_id,request_id,occurred_at,prompt_tokens,role, then one row a line" } },
              "application/json": { schema: { type: "array", items: { type: "object" } } },
            },
          },
          responses: { "201": okJson("Imported: the counts and the new version"), ...errors([400, 401, 403, 404, 409, 413, 415]) },
        },
      },
      ...itemPaths,
    },
  };
}
