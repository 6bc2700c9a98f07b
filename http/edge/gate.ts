import type { IncomingMessage } from "node:http";
import { hasBody } from "./body-limit";
import { LOCALE_HEADER, type Locale, prefixOf, splitLocale } from "@/i18n/locales";
import type { Said } from "@/domain/said";
import { type BodyRule, type Method, type RouteMatch, matchRoute } from "./route-list";

/**
 * An answer the edge gives itself, before any handler: a refusal, or OPTIONS. `detail` is said in
 * `locale`, the address's language once the edge knows it; before that (a broken head or target), English.
 */
export type EdgeAnswer = { status: number; title: string; detail: string | Said; headers?: Record<string, string>; locale?: Locale };
/** A request the edge lets through: its route (none for an unknown page path), the path as resolved without its language, and the language. */
export type Admitted = { route: RouteMatch | null; body: BodyRule | null; path: string; locale: Locale };

/** Longer targets are refused (414): no address of this site comes near it. */
const MAX_TARGET = 8 * 1024;
const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded", "text/plain"]);
/** Every method some address of this site takes: OPTIONS * and CONNECT answer with it. */
export const EVERY_METHOD = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
/** The one expectation a server must know (RFC 9110 §10.1.1), matched as Node's parser matches it. */
const CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

const refuse = (status: number, title: string, detail: string | Said, headers?: Record<string, string>): { answer: EdgeAnswer } => ({
  answer: { status, title, detail, ...(headers ? { headers } : {}) },
});
/** A refusal once the address's language is known: said in it. */
const refuseIn = (locale: Locale, ...args: Parameters<typeof refuse>): { answer: EdgeAnswer } => ({ answer: { ...refuse(...args).answer, locale } });
const edge = (key: string, values?: Record<string, string | number>): Said => ({ key: `problems.edge.${key}`, ...(values ? { values } : {}) });

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * One spelling per path (RFC 3986 §6.2.2): an encoded unreserved character is written as itself,
 * every other encoding in upper-case hex. Rewritten, not redirected: the spellings name the same
 * resource, so each is answered at once, and the router, the cache and Next see only this one.
 */
export const canonicalPath = (path: string): string =>
  path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : escape.toUpperCase();
  });

// A target URL's parser would give back as it is: no percent sign, dot segment or character it
// encodes in the path, none it encodes in a query. Most requests are such; they skip the parser.
const PLAIN = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*(?:\?[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;

/** The path (after "." and ".." are resolved as a browser would, then made canonical) and its decoded segments; null when one does not decode. */
function pathOf(target: string): { path: string; search: string; segments: string[] } | null {
  if (PLAIN.test(target) && !DOT_SEGMENT.test(target)) {
    const query = target.indexOf("?");
    const path = query === -1 ? target : target.slice(0, query);
    const search = query === -1 || query === target.length - 1 ? "" : target.slice(query);
    return { path, search, segments: path === "/" ? [] : path.split("/").slice(1) };
  }
  // Appended, not resolved: as a reference "//host/x" would name another host, as a path it is a path.
  const url = new URL(`http://edge.invalid${target}`);
  const path = canonicalPath(url.pathname);
  try {
    const segments = path === "/" ? [] : path.split("/").slice(1).map((s) => decodeURIComponent(s));
    return segments.some((s) => CONTROL.test(s)) ? null : { path, search: url.search, segments };
  } catch {
    return null;
  }
}

/** A request in absolute form ("GET http://host/path"), which RFC 9112 §3.2.2 says a server must take, as its path. */
function originForm(req: IncomingMessage): string | null {
  const target = req.url ?? "";
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return url.host === req.headers.host ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** What RFC 9112 §3.2 and RFC 9110 §10.1.1 ask of a request's head before anything else: one Host in HTTP/1.1, no unknown expectation. */
function headRefusal(req: IncomingMessage): { answer: EdgeAnswer } | null {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === "host") hosts += 1;
  if (hosts > 1) return refuse(400, "Bad Request", "The request has more than one Host header. Send exactly one, naming this site.");
  if (hosts === 0 && (req.httpVersionMajor > 1 || req.httpVersionMinor >= 1)) {
    return refuse(400, "Bad Request", "The request has no Host header, which HTTP/1.1 requires. Send Host with this site's name (Host: example.org).");
  }
  const expect = req.headers.expect;
  if (expect !== undefined && !CONTINUE.test(expect)) {
    return refuse(417, "Expectation Failed", "This server meets no expectation but 100-continue. Send the request without its Expect header.");
  }
  return null;
}

/**
 * Whether a form post to a page Next renders can reach a server action: without JavaScript a form
 * is sent as multipart/form-data, with it the action is named in Next-Action. Any other post Next
 * would answer with the page itself, as if nothing had been sent.
 */
const reachesAction = (req: IncomingMessage, type: string) => type === "multipart/form-data" || req.headers["next-action"] !== undefined;

function bodyRefusal(req: IncomingMessage, rule: BodyRule | null, nextPage: boolean, locale: Locale): { answer: EdgeAnswer } | null {
  const declared = req.headers["content-length"];
  if (!rule) return hasBody(req) ? refuseIn(locale, 413, "Content Too Large", edge("noBody", { method: req.method ?? "" })) : null;
  if (declared !== undefined && Number(declared) > rule.maxBytes) {
    return refuseIn(locale, 413, "Content Too Large", edge("bodyDeclared", { declared, max: rule.maxBytes }));
  }
  const type = String(req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (rule.form && (!FORM_TYPES.has(type) || (nextPage && !reachesAction(req, type)))) {
    return refuseIn(locale, 415, "Unsupported Media Type", edge("formsOnly"));
  }
  return null;
}

/**
 * What the edge decides before any handler sees a request: a head HTTP does not allow (400 for Host,
 * 417 for Expect), a target that does not parse (400, 414),
 * an unknown address under /api (404), a method the route does not take (405, with Allow), OPTIONS
 * (204, with Allow), a body too large or not allowed (413). Otherwise the request goes on.
 */
export function admit(req: IncomingMessage, { dev }: { dev: boolean }): { answer: EdgeAnswer } | { admitted: Admitted } {
  const head = headRefusal(req);
  if (head) return head;
  if (req.method === "OPTIONS" && req.url === "*") return refuse(204, "No Content", "", { allow: EVERY_METHOD });
  const target = originForm(req);
  if (target === null) return refuse(400, "Bad Request", "The request target is not a path of this site. Send a path such as /incidents.");
  if (target.length > MAX_TARGET) return refuse(414, "URI Too Long", `The address is longer than ${MAX_TARGET} characters; no address of this site is.`);
  const parsed = pathOf(target);
  if (parsed === null) return refuse(400, "Bad Request", "The address has a broken percent-encoding or a control character in its path. Check the address.");
  // "/ru/…" is the same site in Russian: the app sees the path without it, and the language in a header of ours.
  const { locale, rest } = splitLocale(parsed.segments);
  const prefix = prefixOf(locale);
  // "/ru/" is the Russian front page as "/ru" is (the address search's form and a reader type): the same route and entry.
  const segments = prefix && rest.length === 1 && rest[0] === "" ? [] : rest;
  const path = prefix ? parsed.path.slice(prefix.length) || "/" : parsed.path;
  const { search } = parsed;
  req.url = `${path}${search}`;
  req.headers[LOCALE_HEADER] = locale;
  // next dev serves its own tools under these paths.
  if (dev && (segments[0] === "_next" || segments[0]?.startsWith("__nextjs"))) return { admitted: { route: null, body: null, path, locale } };
  const route = matchRoute(segments);
  const method = (req.method ?? "GET").toUpperCase();
  if (!route) {
    if (segments[0] === "api" || (method !== "GET" && method !== "HEAD")) return refuseIn(locale, 404, "Not Found", edge("nothingHere"));
    return { admitted: { route: null, body: null, path, locale } };
  }
  const allow = route.allow.join(", ");
  if (method === "OPTIONS") return refuse(204, "No Content", "", { allow });
  if (!route.allow.some((m: Method) => m === method)) {
    return refuseIn(locale, 405, "Method Not Allowed", edge("methods", { allow }), { allow });
  }
  const named = method === "HEAD" ? "GET" : method;
  const rule = Object.entries(route.spec.methods).find(([m]) => m === named)?.[1] ?? null;
  const nextPage = route.spec.kind === "page" && !route.spec.edge && !(route.spec.edgePost && named === "POST");
  return bodyRefusal(req, rule, nextPage, locale) ?? { admitted: { route, body: rule, path, locale } };
}
