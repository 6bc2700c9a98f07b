import type { StatuspageAnswer } from "@/domain/statuspage";
import type { IncidentFile } from "@/publish/files";
import { BODY_LIMITS } from "../body-limits";

/**
 * Every address this site answers, with the methods each allows and the body each method may
 * carry. The edge answers everything else itself (404, 405, 413); tests/edge-routes.test.ts fails
 * when app/ has a page or route handler this list does not name, or names methods it does not.
 */
export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** A method's body: at most `maxBytes`, and for a form post one of the form types. */
export type BodyRule = { maxBytes: number; form?: true };

export type RouteSpec = {
  /** In app/ notation without route groups: "[slug]" is one segment, "[...path]" the rest. */
  path: string;
  /** page: Next renders it; api: a route handler; file: the server's own export; asset: a static file. */
  kind: "page" | "api" | "file" | "asset";
  /** The methods besides HEAD and OPTIONS (the edge answers those), each with its body or null for none. */
  methods: Partial<Record<Exclude<Method, "HEAD" | "OPTIONS">, BodyRule | null>>;
  /** Answered by the server itself (http/edge/lookup.ts), never by Next: app/ has no file for it. */
  edge?: true;
  /** A page Next renders whose plain form posts the server answers itself (http/edge/subscriptions.ts). */
  edgePost?: true;
  /** Its posts come from anywhere: a mail provider's one-click unsubscribe (RFC 8058) has no Origin of ours. */
  anyOrigin?: true;
  /** A public answer the server keeps in memory (http/edge/serve.ts): a page Next renders, the feed, an incident's file, or a Statuspage-compatible answer. */
  kept?: "page" | "feed" | IncidentFile | { statuspage: StatuspageAnswer };
  /** A kept page that reads its query (the dashboard's search and filters): kept only when asked without one. */
  readsQuery?: true;
  /** A kept page kept at every good address too (its other pages, a search, filters), by the parts it reads (http/edge/routes.ts). */
  keepsQueries?: true;
  /** An incident's page a signed-in editor may open while it is a draft: rendered for them, never kept. */
  preview?: true;
};

const page = (path: string, post?: BodyRule): RouteSpec => ({ path, kind: "page", methods: post ? { GET: null, POST: post } : { GET: null } });
/** A page the same for every reader, kept by the server. */
const publicPage = (path: string, post?: BodyRule): RouteSpec => ({ ...page(path, post), kept: "page" });
const file = (path: string, kept: "feed" | IncidentFile): RouteSpec => ({ path, kind: "file", methods: { GET: null }, kept });
/** Statuspage's own address of an answer; the server's, kept like the feed and open to every origin (http/edge/statuspage.ts). */
const statuspage = (answer: StatuspageAnswer): RouteSpec => ({ path: `/api/v2/${answer}.json`, kind: "file", methods: { GET: null }, kept: { statuspage: answer } });
const json = { maxBytes: BODY_LIMITS.apiJson };
const form = { maxBytes: BODY_LIMITS.form, form: true } as const;
const editorForm = { maxBytes: BODY_LIMITS.editorForm, form: true } as const;

export const ROUTES: readonly RouteSpec[] = [
  // Kept at every good address: its pages, a search, the filters (keyed by the parts it reads).
  { ...publicPage("/"), readsQuery: true, keepsQueries: true },
  file("/feed.xml", "feed"),
  // Kept bare (the newest per measure); a reader's choice of incidents is rendered for that request.
  { ...publicPage("/compare"), readsQuery: true },
  // Its form: a reader's sign-up for the incident's news (a server action).
  { ...publicPage("/incidents/[slug]", form), preview: true },
  publicPage("/incidents/[slug]/changes"),
  // Not kept: a tenant with a lookup session sees their own account on it.
  page("/incidents/[slug]/lookup", form),
  // GET exchanges a link; POST is the lookup page's answer when one opened from another site waits.
  { path: "/incidents/[slug]/lookup/link", kind: "page", methods: { GET: null, POST: form }, edge: true },
  { path: "/incidents/[slug]/lookup/signin", kind: "page", methods: { GET: null }, edge: true },
  { path: "/incidents/[slug]/lookup/signout", kind: "page", methods: { POST: form }, edge: true },
  // The owner's own rows as a file (?format=csv|json), for a lookup session only; never kept.
  { path: "/incidents/[slug]/lookup/rows", kind: "page", methods: { GET: null }, edge: true },
  { path: "/lookup/openid/callback", kind: "page", methods: { GET: null }, edge: true },
  file("/incidents/[slug]/export.html", "index.html"),
  file("/incidents/[slug]/postmortem.md", "postmortem.md"),
  file("/incidents/[slug]/incident.json", "incident.json"),
  file("/incidents/[slug]/incident.schema.json", "incident.schema.json"),
  page("/subscribe", form),
  { ...page("/subscriptions/confirm", form), edgePost: true },
  { ...page("/subscriptions/unsubscribe", form), edgePost: true, anyOrigin: true },
  page("/signin", form),
  page("/signout", form),
  page("/editor", editorForm),
  page("/editor/incidents/[slug]", editorForm),
  // Every page in the editor's frame carries its Unpublish button, so each takes the form's post.
  page("/editor/incidents/[slug]/history", editorForm),
  page("/editor/incidents/[slug]/publish", editorForm),
  // Notices to the affected list's tenants: the contacts' upload, and what the outbox did with them.
  page("/editor/incidents/[slug]/notices", editorForm),
  // An incident's texts in one language other than its own, beside the texts they translate.
  page("/editor/incidents/[slug]/translations/[locale]", editorForm),
  // A collection's items, or the affected list's upload (components/editor/sections.ts).
  page("/editor/incidents/[slug]/[section]", editorForm),
  { path: "/api/incidents/[slug]/lookup", kind: "api", methods: { POST: { maxBytes: BODY_LIMITS.lookup } }, edge: true },
  // Statuspage's v2 addresses, for its clients (README, "Statuspage-compatible JSON").
  statuspage("summary"),
  statuspage("status"),
  statuspage("incidents"),
  statuspage("incidents/unresolved"),
  statuspage("components"),
  statuspage("scheduled-maintenances"),
  statuspage("scheduled-maintenances/upcoming"),
  statuspage("scheduled-maintenances/active"),
  { path: "/api/v1/openapi.json", kind: "api", methods: { GET: null } },
  { path: "/api/v1/incidents", kind: "api", methods: { GET: null, POST: json } },
  { path: "/api/v1/incidents/[slug]", kind: "api", methods: { GET: null, PATCH: json } },
  { path: "/api/v1/incidents/[slug]/history", kind: "api", methods: { GET: null } },
  { path: "/api/v1/incidents/[slug]/publish", kind: "api", methods: { POST: json } },
  { path: "/api/v1/incidents/[slug]/unpublish", kind: "api", methods: { POST: json } },
  { path: "/api/v1/incidents/[slug]/affected", kind: "api", methods: { POST: { maxBytes: BODY_LIMITS.apiUpload } } },
  { path: "/api/v1/incidents/[slug]/affected/schema", kind: "api", methods: { GET: null, PUT: json } },
  { path: "/api/v1/incidents/[slug]/translations/[locale]", kind: "api", methods: { PUT: json } },
  { path: "/api/v1/incidents/[slug]/[collection]", kind: "api", methods: { POST: json } },
  { path: "/api/v1/incidents/[slug]/[collection]/[id]", kind: "api", methods: { PUT: json, DELETE: json } },
  { path: "/icon.svg", kind: "asset", methods: { GET: null } },
  // public/: the files a site serves at its root.
  { path: "/robots.txt", kind: "asset", methods: { GET: null } },
  { path: "/.well-known/security.txt", kind: "api", methods: { GET: null } },
  { path: "/_next/static/[...path]", kind: "asset", methods: { GET: null } },
];

const NAMED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** A matched route: its spec, the methods it allows, and its named segments' values ("slug"). */
export type RouteMatch = { spec: RouteSpec; allow: Method[]; params: Record<string, string> };

const split = (path: string) => (path === "/" ? [] : path.split("/").slice(1));

function fits(pattern: string[], segments: string[]): boolean {
  for (const [i, part] of pattern.entries()) {
    if (part.startsWith("[...")) return segments.length > i;
    const segment = segments[i];
    if (segment === undefined || segment === "" || (!part.startsWith("[") && part !== segment)) return false;
  }
  return segments.length === pattern.length;
}

/** The methods a route allows: those it names, HEAD with GET, and OPTIONS. */
function allowOf(spec: RouteSpec): Method[] {
  const named = NAMED_METHODS.filter((m) => spec.methods[m] !== undefined);
  return [...named, ...(named.includes("GET") ? (["HEAD"] as const) : []), "OPTIONS"];
}

// Worked out once: what a request only looks up.
const COMPILED = ROUTES.map((spec) => {
  const parts = split(spec.path);
  const named = parts.flatMap((part, i) => {
    const name = /^\[(\w+)\]$/.exec(part)?.[1];
    return name ? [{ name, i }] : [];
  });
  return { spec, parts, allow: allowOf(spec), named };
});
// Named segments first, so "/api/v1/incidents/[slug]/history" wins over "…/[slug]/[collection]".
COMPILED.sort((a, b) => b.parts.filter((p) => !p.startsWith("[")).length - a.parts.filter((p) => !p.startsWith("[")).length);

/** The route of a path's decoded segments (what follows each "/"), with the methods it allows; null for none. */
export function matchRoute(segments: string[]): RouteMatch | null {
  for (const { spec, parts, allow, named } of COMPILED) {
    if (!fits(parts, segments)) continue;
    const params: Record<string, string> = {};
    for (const { name, i } of named) params[name] = segments[i] ?? "";
    return { spec, allow: [...allow], params };
  }
  return null;
}
