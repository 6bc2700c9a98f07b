import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { type Confirmed, confirmLink, exchangeLink, signOut } from "@/lookup/proof/exchange";
import { type LookupHttp, type ProblemStatus, accountWords, lookupHttp, lookupProblem, problemHttp } from "@/http/lookup-http";
import { runLookup } from "@/lookup/run";
import { rowsCsv, rowsJson } from "@/lookup/download";
import { lookupIncident } from "@/lookup/rows";
import { type Locale, localized } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import { getStore } from "@/db/app-store";
import { OPENID_CALLBACK_PATH, appOpenidSettings, beginSignIn, finishSignIn } from "@/lookup/proof/openid";
import { parseJsonBody } from "../read-json";
import { NO_QUERY, ROUTE_PARAMS, parseQuery } from "../route-input";
import { domainProblemParts } from "../domain-problem";
import { DomainError } from "@/domain/errors";
import type { Admitted } from "./gate";
import type { EdgeResponse } from "./writer";
import { noteRequest } from "./request-store";
import { headersOf, readBody, sendOwn } from "./own-answer";

// The tenant lookup's addresses, answered here at the server's edge and never by Next: the lookup
// API (fast, before Next's pipeline), and the steps that turn a link or an OpenID sign-in into a
// lookup session cookie, so a link's token never reaches Next, a page, a Referer or the history.

type Handler = (req: IncomingMessage, slug: string, locale: Locale) => Promise<LookupHttp>;

/** The lookup page in the language the step was asked in: a link opened at /ru/… lands on the Russian page. */
const lookupPage = (locale: Locale, slug: string, query = "") => localized(locale, `/incidents/${encodeURIComponent(slug)}/lookup${query}`);
/** A redirect that leaves nothing behind: no Referer to the next site, nothing kept by a cache. */
const away = (location: string, setCookies: string[] = []): LookupHttp => ({
  status: 303,
  headers: { location, "referrer-policy": "no-referrer", "cache-control": "no-store", ...(setCookies.length ? { "set-cookie": setCookies.join("\n") } : {}) },
});
/** A problem of these steps, said in the request's language by its catalogue key. */
const problem = (locale: Locale, status: ProblemStatus, key: EdgeSaid, values: Record<string, string | number> = {}, headers?: Record<string, string>) =>
  lookupProblem(locale, status, translator(locale)(`lookup.edge.${key}`, values), headers);
type EdgeSaid = "choice" | "notFound" | "limited" | "signinOff" | "signinOffShort" | "rowsFormat" | "rowsAccount" | "notFoundShort" | "noIncident";


/** A lookup takes no query parameter; only a target that has a query is parsed, to name what it refuses. */
function queryRefusal(target: string): LookupHttp | null {
  if (!target.includes("?")) return null;
  try {
    parseQuery(NO_QUERY, `http://edge.invalid${target}`);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { problem: p, headers } = domainProblemParts(error);
    return problemHttp(p, headers);
  }
}

const linkQuery = z.strictObject({ token: z.string().min(1).max(4096) });
const rowsQuery = z.strictObject({ format: z.enum(["csv", "json"]) });

/** The lookup page's answer to a link opened from another site: "switch" to its account, or "keep" the one open. */
const choiceForm = z.strictObject({ choice: z.enum(["switch", "keep"]) });

/** The choice a confirmation's form sends; null when the body is no such form. */
async function choiceOf(req: IncomingMessage): Promise<"switch" | "keep" | null> {
  const bytes = await readBody(req);
  if (bytes === null) return null;
  try {
    const form = await new Response(new Uint8Array(bytes), { headers: { "content-type": String(req.headers["content-type"] ?? "") } }).formData();
    const parsed = choiceForm.safeParse(Object.fromEntries([...form].map(([k, v]) => [k, typeof v === "string" ? v : ""])));
    return parsed.success ? parsed.data.choice : null;
  } catch {
    return null;
  }
}

async function confirmed(locale: Locale, slug: string, choice: "switch" | "keep" | null, headers: Pick<Headers, "get">): Promise<LookupHttp> {
  if (choice === null) return problem(locale, 400, "choice");
  return exchanged(locale, slug, await confirmLink(slug, choice, headers));
}

function exchanged(locale: Locale, slug: string, done: Confirmed): LookupHttp {
  switch (done.kind) {
    case "session":
    case "pending":
    case "kept":
      return away(lookupPage(locale, slug), done.setCookies);
    case "refused":
      return away(lookupPage(locale, slug, `?link=${done.reason}`), done.setCookies);
    case "gone":
      return away(lookupPage(locale, slug, "?link=gone"));
    case "not-found":
      return problem(locale, 404, "notFound", { slug });
    case "limited":
      return problem(locale, 429, "limited", { seconds: done.retryAfterSeconds }, { "retry-after": String(done.retryAfterSeconds) });
  }
}

const HANDLERS: Record<string, Handler> = {
  "/api/incidents/[slug]/lookup": async (req, slug, locale) => {
    const bytes = await readBody(req);
    if (bytes === null) return { status: 0, headers: {} };
    const refused = queryRefusal(req.url ?? "/");
    if (refused) return refused;
    const headers = headersOf(req);
    const body = parseJsonBody(headers.get("content-type"), bytes);
    if (!body.ok) return problemHttp(body.problem);
    const result = await runLookup(slug, body.value, headers);
    return lookupHttp(slug, result, { openid: appOpenidSettings() !== null, locale, account: result.kind === "invalid" ? await accountWords(slug, locale) : null });
  },
  "/incidents/[slug]/lookup/link": async (req, slug, locale) => {
    if (req.method === "POST") return confirmed(locale, slug, await choiceOf(req), headersOf(req));
    const query = linkQuery.safeParse(Object.fromEntries(new URL(req.url ?? "/", "http://edge.invalid").searchParams));
    if (!query.success) return away(lookupPage(locale, slug, "?link=invalid"));
    return exchanged(locale, slug, await exchangeLink(slug, query.data.token, headersOf(req)));
  },
  "/incidents/[slug]/lookup/signin": async (req, slug, locale) => {
    const settings = appOpenidSettings();
    if (!settings) return problem(locale, 404, "signinOff");
    let begun: Awaited<ReturnType<typeof beginSignIn>>;
    try {
      begun = await beginSignIn(settings, slug, headersOf(req), { locale });
    } catch (error) {
      // The provider's metadata could not be fetched: the tenant is told the sign-in did not complete.
      console.warn(JSON.stringify({ event: "lookup_openid_unavailable", why: error instanceof Error ? error.message : String(error) }));
      return away(lookupPage(locale, slug, "?signin=failed"));
    }
    const { location, setCookie } = begun;
    // The writer refuses redirects off this site unless told this one is meant.
    noteRequest({ offSite: new URL(location).origin });
    return away(location, [setCookie]);
  },
  [OPENID_CALLBACK_PATH]: async (req, _slug, locale) => {
    const settings = appOpenidSettings();
    if (!settings) return problem(locale, 404, "signinOffShort");
    const outcome = await finishSignIn(settings, req.url ?? "/", headersOf(req));
    // The callback's address is fixed (the provider knows it): the language comes back in the flow's cookie.
    if (outcome.slug === null) return away(localized(locale, "/"), outcome.setCookies);
    return away(lookupPage(outcome.locale, outcome.slug, outcome.result === "signed-in" ? "" : `?signin=${outcome.result}`), outcome.setCookies);
  },
  // The owner's own rows, for a lookup session only (a link's or a sign-in's): the same proof as the page.
  "/incidents/[slug]/lookup/rows": async (req, slug, locale) => {
    const query = rowsQuery.safeParse(Object.fromEntries(new URL(req.url ?? "/", "http://edge.invalid").searchParams));
    if (!query.success) return problem(locale, 400, "rowsFormat");
    const result = await runLookup(slug, {}, headersOf(req));
    if (result.kind !== "answer") return lookupHttp(slug, result, { openid: appOpenidSettings() !== null, locale });
    if (result.answer.covers !== "account") return problem(locale, 403, "rowsAccount");
    const shape = (await getStore().read((tx) => lookupIncident(tx, slug)))?.shape;
    if (!shape) return problem(locale, 404, "notFoundShort", { slug });
    const csv = query.data.format === "csv";
    return {
      status: 200,
      headers: {
        "content-type": csv ? "text/csv; charset=utf-8" : "application/json",
        "content-disposition": `attachment; filename="${slug}-my-affected-rows.${query.data.format}"`,
        "cache-control": "no-store",
        ...result.headers,
      },
      body: csv ? rowsCsv(shape, result.answer.rows) : rowsJson(result.answer),
    };
  },
  "/incidents/[slug]/lookup/signout": async (req, slug, locale) => {
    await readBody(req);
    return away(lookupPage(locale, slug), await signOut(headersOf(req)));
  },
};

/** The edge's own answer for this request, if its route is one of the lookup's. */
export function lookupHandler({ route, locale }: Admitted): ((req: IncomingMessage, res: EdgeResponse) => Promise<void>) | null {
  const handler = route?.spec.edge ? HANDLERS[route.spec.path] : undefined;
  if (!handler || !route) return null;
  return async (req, res) => {
    const slug = ROUTE_PARAMS.incident.safeParse({ slug: route.params.slug ?? "" });
    const reply = route.params.slug !== undefined && !slug.success
      ? problem(locale, 404, "noIncident")
      : await handler(req, slug.success ? slug.data.slug : "", locale);
    sendOwn(req, res, reply);
  };
}

/** For the route list's test: the addresses this module answers. */
export const EDGE_PATHS = Object.keys(HANDLERS);
