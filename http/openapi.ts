import "server-only";
import { z } from "zod";
import { COLLECTION_NAMES, type Collection } from "@/domain/record/collections";
import { OPERATIONS, type Operation } from "./api/operations";

// The APIs' OpenAPI 3.1 document, made from the operations' own schemas (http/api/operations.ts):
// what a route parses and answers with is what the document says, for every route of the route list.

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output"): Json => {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
};
const problem = { $ref: "#/components/schemas/Problem" };
const problemSchema = {
  type: "object",
  description: "RFC 9457 problem details; errors names each field to fix",
  required: ["type", "title", "status", "detail"],
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: { type: "string", description: "What the status alone does not say: proof-required, link-expired, no-list, …" },
    errors: { type: "array", items: { type: "object", required: ["field", "message"], properties: { field: { type: "string" }, message: { type: "string" } } } },
    currentVersion: { type: "integer", description: "On a 409: the version to base the edit on instead" },
  },
};

/** "/api/v1/incidents/[slug]/[collection]" → "/api/v1/incidents/{slug}/events", once per collection where it names one. */
export function documentPaths(path: string): Array<{ path: string; collection: Collection | null }> {
  const open = path.replace(/\[(\w+)\]/g, "{$1}");
  if (!open.includes("{collection}")) return [{ path: open, collection: null }];
  return COLLECTION_NAMES.map((c) => ({ path: open.replace("{collection}", c), collection: c }));
}

const pick = (s: z.ZodType | ((c: Collection) => z.ZodType), c: Collection | null): z.ZodType => (typeof s === "function" ? s(c ?? "events") : s);

function parameters(o: Operation): Json[] {
  const path = Object.entries(o.params.shape)
    .filter(([name]) => name !== "collection")
    .map(([name, s]) => ({ name, in: "path", required: true, schema: schemaOf(s, "input") }));
  const query = Object.entries(o.query.shape).map(([name, s]) => ({ name, in: "query", required: !s.safeParse(undefined).success, schema: schemaOf(s, "input") }));
  return [...path, ...query];
}

function operationObject(o: Operation, collection: Collection | null): Json {
  const body = o.body ? { required: true, content: { "application/json": { schema: schemaOf(pick(o.body, collection), "input") } } } : undefined;
  const upload = o.upload ? { required: true, content: Object.fromEntries(Object.entries(o.upload).map(([type, u]) => [type, { schema: { type: "string", description: u.description } }])) } : undefined;
  const errors = Object.fromEntries(o.errors.map((status) => [String(status), { description: "application/problem+json", content: { "application/problem+json": { schema: problem } } }]));
  return {
    summary: collection ? `${o.summary}: ${collection}` : o.summary,
    ...(o.auth === "bearer" ? {} : { security: [] }),
    parameters: parameters(o),
    ...(body ?? upload ? { requestBody: body ?? upload } : {}),
    responses: {
      [String(o.success.status)]: { description: o.success.description, content: { "application/json": { schema: schemaOf(pick(o.success.schema, collection), "output") } } },
      ...errors,
    },
  };
}

/** The document, as GET /api/v1/openapi.json serves it. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const o of Object.values(OPERATIONS)) {
    for (const { path, collection } of documentPaths(o.path)) paths[path] = { ...paths[path], [o.method.toLowerCase()]: operationObject(o, collection) };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Aftermath API", version: "1", description: "Read and write incident records (every change audited), and look up a tenant's account." },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "npm run token:add -- --name <n> --scope <read|write>" } },
      schemas: { Problem: problemSchema },
    },
    paths,
  };
}
