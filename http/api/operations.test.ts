import { describe, expect, it } from "vitest";
import { z } from "zod";
import { COLLECTION_NAMES } from "@/domain/record/collections";
import { ROUTES } from "../edge/route-list";
import { documentPaths, openApiDocument } from "../openapi";
import { OPERATIONS, type Operation } from "./operations";

type Doc = { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>> };
const doc = openApiDocument() as Doc;
const operations: Operation[] = Object.values(OPERATIONS);
const key = (method: string, path: string) => `${method} ${path}`;

describe("the OpenAPI document", () => {
  it("has an operation for every API route and method of the route list, and none it does not name", () => {
    // The site's own files (security.txt) are route handlers too, but no operation of the API.
    const routes = ROUTES.filter((r) => r.kind === "api" && r.path.startsWith("/api/")).flatMap((r) => Object.keys(r.methods).map((m) => key(m, r.path)));
    expect(operations.map((o) => key(o.method, o.path)).sort()).toEqual(routes.sort());
  });

  it("lists exactly the operations, an item's address once per collection", () => {
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => key(m.toUpperCase(), path)));
    const wanted = operations.flatMap((o) => documentPaths(o.path).map((p) => key(o.method, p.path)));
    expect(listed.sort()).toEqual(wanted.sort());
    expect(documentPaths("/api/v1/incidents/[slug]/[collection]").map((p) => p.collection)).toEqual(COLLECTION_NAMES);
  });

  it("gives every operation its answer's schema and, where it takes one, its body's: never a bare object", () => {
    for (const o of operations) {
      for (const { path } of documentPaths(o.path)) {
        const entry = doc.paths[path]?.[o.method.toLowerCase()];
        const success = entry?.responses[String(o.success.status)]?.content?.["application/json"]?.schema ?? {};
        const described = ["properties", "anyOf", "oneOf"].some((k) => k in success);
        expect(described, `${o.method} ${path}: ${JSON.stringify(success).slice(0, 80)}`).toBe(true);
        expect(entry?.requestBody !== undefined, `${o.method} ${path} body`).toBe(o.body !== undefined || o.upload !== undefined);
      }
    }
  });

  it("describes an item's body with that collection's own schema", () => {
    const events = doc.paths["/api/v1/incidents/{slug}/events"]?.post?.requestBody as { content: Record<string, { schema: unknown }> };
    const item = (events.content["application/json"]?.schema as { properties: { item: { properties: Record<string, unknown> } } }).properties.item;
    expect(Object.keys(item.properties)).toEqual(expect.arrayContaining(["key", "at", "precision", "phase", "title", "cites"]));
  });

  it("describes the lookup's answer with the schema the page and the components share", () => {
    const schema = doc.paths["/api/incidents/{slug}/lookup"]?.post?.responses["200"]?.content?.["application/json"]?.schema;
    const { $schema: _draft, ...expected } = z.toJSONSchema(OPERATIONS.lookup.success.schema, { io: "output", unrepresentable: "any" });
    expect(schema).toEqual(expected);
  });
});
