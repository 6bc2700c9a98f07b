import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EDGE_PATHS } from "./lookup";
import { EDGE_POST_PATHS } from "./subscriptions";
import { ROUTES, matchRoute } from "./route-list";

const APP = path.resolve(__dirname, "../../app");
const HANDLER_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Every page and route handler under app/, as its address (route groups dropped) and file. */
function appRoutes(dir = APP, at: string[] = []): Array<{ path: string; file: string }> {
  const found: Array<{ path: string; file: string }> = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith("_")) continue; // private folders hold no routes
      found.push(...appRoutes(full, /^\(.*\)$/.test(entry.name) ? at : [...at, entry.name]));
    } else if (/^(page\.tsx|route\.ts)$/.test(entry.name)) {
      found.push({ path: `/${at.join("/")}`, file: full });
    } else if (entry.name === "icon.svg") {
      found.push({ path: `/${[...at, entry.name].join("/")}`, file: full });
    }
  }
  return found;
}

/** The HTTP methods a route handler file exports, read from its source. */
function exportedMethods(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const named = new Set<string>();
  for (const m of source.matchAll(/export (?:const|async function|function) (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)) named.add(m[1] ?? "");
  for (const m of source.matchAll(/export \{([^}]*)\}/g)) {
    for (const part of (m[1] ?? "").split(",")) {
      const name = part.split(/\s+as\s+/).at(-1)?.trim() ?? "";
      if ((HANDLER_METHODS as readonly string[]).includes(name)) named.add(name);
    }
  }
  return [...named].sort();
}

describe("the edge's route list", () => {
  const app = appRoutes();

  it("names every page and route handler in app/, and nothing Next does not serve but the server's own files", () => {
    const listed = new Set(ROUTES.map((r) => r.path));
    for (const route of app) expect(listed, `${route.file} is not in http/edge/route-list.ts`).toContain(route.path);
    const served = new Set(app.map((r) => r.path));
    for (const route of ROUTES.filter((r) => (r.kind === "page" || r.kind === "api") && !r.edge)) {
      expect(served, `${route.path} is in the route list but app/ has no such page or route`).toContain(route.path);
    }
  });

  it("serves every file in public/ as an asset at its own path", () => {
    const publicDir = path.resolve(__dirname, "../../public");
    const files = fs.readdirSync(publicDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const entry of files) {
      const at = `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`;
      expect(ROUTES.find((r) => r.path === at)?.kind, `${at} is not an asset in http/edge/route-list.ts`).toBe("asset");
    }
  });

  it("has the edge's own handler for every route it marks as the edge's, and app/ has no file for one", () => {
    const edge = ROUTES.filter((r) => r.edge).map((r) => r.path);
    expect([...edge].sort()).toEqual([...EDGE_PATHS].sort());
    const served = new Set(app.map((r) => r.path));
    for (const path of edge) expect(served.has(path), `${path} is the edge's, but app/ has a file for it too`).toBe(false);
  });

  it("has the edge's own answer to the posts of every page it marks so, and app/ has the page", () => {
    const edgePost = ROUTES.filter((r) => r.edgePost).map((r) => r.path);
    expect([...edgePost].sort()).toEqual([...EDGE_POST_PATHS].sort());
    const served = new Set(app.map((r) => r.path));
    for (const path of edgePost) expect(served.has(path), `${path} posts to the edge, but app/ has no page for it`).toBe(true);
  });

  it("gives each route handler exactly the methods its file exports (HEAD and OPTIONS are the edge's)", () => {
    for (const route of app.filter((r) => r.file.endsWith("route.ts"))) {
      const spec = ROUTES.find((r) => r.path === route.path);
      expect(exportedMethods(route.file), route.file).toEqual(Object.keys(spec?.methods ?? {}).sort());
    }
  });

  it("matches the most specific route and takes no empty segment", () => {
    expect(matchRoute(["api", "v1", "incidents", "x", "history"])?.spec.path).toBe("/api/v1/incidents/[slug]/history");
    expect(matchRoute(["api", "v1", "incidents", "x", "events"])?.spec.path).toBe("/api/v1/incidents/[slug]/[collection]");
    expect(matchRoute([])?.spec.path).toBe("/");
    expect(matchRoute(["editor", ""])).toBeNull();
    expect(matchRoute(["_next", "static", "chunks", "a.js"])?.allow).toEqual(["GET", "HEAD", "OPTIONS"]);
  });

  it("gives a match its named segments, and marks only GET routes of public answers as kept", () => {
    expect(matchRoute(["incidents", "a b", "export.html"])).toMatchObject({ params: { slug: "a b" }, spec: { kept: "index.html" } });
    expect(matchRoute(["api", "v1", "incidents", "x", "events", "7"])?.params).toEqual({ slug: "x", collection: "events", id: "7" });
    for (const spec of ROUTES.filter((r) => r.kept)) {
      expect(spec.kind === "page" || spec.kind === "file", spec.path).toBe(true);
      // The Statuspage-compatible answers are public files at Statuspage's own /api/v2 addresses.
      const statuspage = typeof spec.kept === "object" && spec.path === `/api/v2/${spec.kept.statuspage}.json`;
      expect(spec.path.startsWith("/editor") || (spec.path.startsWith("/api") && !statuspage) || spec.path.startsWith("/sign"), spec.path).toBe(false);
    }
  });

  it("serves every Statuspage answer at its address under /api/v2, for GET only", () => {
    const addresses = ["summary", "status", "incidents", "incidents/unresolved", "components", "scheduled-maintenances", "scheduled-maintenances/upcoming", "scheduled-maintenances/active"];
    for (const answer of addresses) {
      const match = matchRoute(["api", "v2", ...`${answer}.json`.split("/")]);
      expect([answer, match?.spec.kept, match?.allow]).toEqual([answer, { statuspage: answer }, ["GET", "HEAD", "OPTIONS"]]);
    }
    expect(ROUTES.filter((r) => r.path.startsWith("/api/v2/")).map((r) => r.path).sort()).toEqual(addresses.map((a) => `/api/v2/${a}.json`).sort());
    expect(matchRoute(["api", "v2", "incidents", "x.json"])).toBeNull();
  });
});
