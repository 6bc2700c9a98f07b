import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { eq } from "drizzle-orm";
import { incident } from "@/db/schema";
import type { Store, Tx } from "@/db/store/store";
import { feedFile, incidentFile } from "@/publish/files";
import { readIncident } from "@/db/read/incident";
import type { ListedPage } from "@/db/read/listing";
import { readShown } from "@/db/read/shown";
import { userFromCookieHeader } from "../session-cookie";
import { cardsOf } from "@/view/card";
import { hashable, withScriptHashes } from "./csp";
import { REVALIDATE, fileEntry } from "./file-entry";
import { type Handle, passToNext } from "./next-pass";
import { type Entry, makeEntry, PageCache } from "./page-cache";
import { prefixOf } from "@/i18n/locales";
import type { CachedRoute } from "./routes";
import { askedOf, sendEntry } from "./send";
import { type StatuspageConfig, statuspageAnswers } from "./statuspage";
import { NOTHING, feedPage, feedStamp, stamper } from "./stamps";
import { type Captured, type EdgeResponse, decode } from "./writer";


// Headers that describe one transfer, not the page, and so are set again for each answer: Next's,
// and the writer's per request (its id; HSTS, only for a request that came over HTTPS).
const PER_TRANSFER = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "cache-control",
  "date",
  "connection",
  "keep-alive",
  "vary",
  "x-request-id",
  "strict-transport-security",
]);

/** Whether a page Next rendered may be kept for everyone: a final answer, the same for every reader. */
const keepable = (c: Captured) => (c.status === 200 || c.status === 404) && c.headers["set-cookie"] === undefined;

type At = { generation: number; stamp: string };

function pageEntry(at: At, captured: Captured): Entry {
  const headers: OutgoingHttpHeaders = { ...REVALIDATE };
  for (const [name, value] of Object.entries(captured.headers)) {
    if (value !== undefined && !PER_TRANSFER.has(name) && !name.startsWith("x-nextjs-")) headers[name] = value;
  }
  // Next's own Vary (the RSC headers) stays, with the encoding the server now chooses.
  const vary = String(captured.headers.vary ?? "").split(",").map((v) => v.trim()).filter((v) => v && v.toLowerCase() !== "accept-encoding");
  headers.vary = [...vary, "Accept-Encoding"].join(", ");
  const body = decode(captured.body, captured.headers["content-encoding"]) ?? captured.body;
  const policy = headers["content-security-policy"];
  if (hashable(policy) && String(headers["content-type"]).startsWith("text/html")) {
    headers["content-security-policy"] = withScriptHashes(policy, body.toString("utf8"));
  }
  return makeEntry(at, captured.status, headers, body);
}

/** A path no route matches: Next answers it with its prerendered not-found page, whole, with status 404. */
const NOT_FOUND_PATH = "/_aftermath/not-found";

/** Has Next render the page on this request's own response, held back and kept as an entry. */
function renderWithNext(handle: Handle, req: IncomingMessage, res: EdgeResponse, at: At, missing: boolean): Promise<{ entry: Entry; keep: boolean }> {
  // The server compresses and revalidates itself; Next renders the whole page, as a GET.
  delete req.headers["accept-encoding"];
  delete req.headers["if-none-match"];
  delete req.headers["if-modified-since"];
  req.method = "GET";
  // What is kept is the same for every reader: rendered as for one without a session, whoever asked.
  delete req.headers.cookie;
  delete req.headers.authorization;
  // For an incident it does not know, Next 16.4's dynamic page streams an empty shell with a 404;
  // its own not-found page has the message in the HTML.
  if (missing) req.url = NOT_FOUND_PATH;
  return new Promise((resolve, reject) => {
    res.capture((captured) => resolve({ entry: pageEntry(at, captured), keep: keepable(captured) }));
    handle(req, res).catch(reject);
  });
}

/** The feed's page: its newest-first entries, read once per version, with RFC 5005's links to the pages beside it. */
async function feedOf(tx: Tx, route: Extract<CachedRoute, { kind: "feed" }>, page: ListedPage) {
  const self = route.key.slice(route.key.lastIndexOf("/") + 1);
  const pages = { first: "feed.xml", next: page.older ? `feed.xml?after=${page.older}` : null, previous: page.newer ? `feed.xml?before=${page.newer}` : null };
  return feedFile(cardsOf(await readShown(tx, page.rows, route.locale), route.locale), route.locale, pages, self);
}

/** The pages, an incident's files and the feed; the Statuspage answers are statuspage.ts's. */
type RecordRoute = Exclude<CachedRoute, { kind: "statuspage" }>;

/**
 * Serves the public pages and exports from memory, each as the record stands now: the generation
 * is read on every request, and after a write an entry is sent again only if what it shows is
 * unchanged (stamps.ts). A miss renders once for everyone asking at that moment; what must not be
 * kept (a 5xx, a cookie) is sent to those only.
 */
export function publicAnswers(options: { store: Store; handle: Handle; maxBytes: number; statuspage: StatuspageConfig }) {
  const cache = new PageCache(options.maxBytes);
  const records = recordAnswers({ ...options, cache });
  const statuspage = statuspageAnswers({ ...options, cache, config: options.statuspage });
  return (route: CachedRoute, req: IncomingMessage, res: EdgeResponse): Promise<void> => (route.kind === "statuspage" ? statuspage(route, req, res) : records(route, req, res));
}

function recordAnswers({ store, handle, cache }: { store: Store; handle: Handle; cache: PageCache }) {
  const stampOf = stamper(store);
  /** published: true; a draft: false; undefined: no such incident (the feed has no slug and is never missing). */
  const stateOf = async (route: RecordRoute): Promise<boolean | undefined> =>
    route.kind === "feed" || route.slug === null ? true : (await store.read((tx) => tx.select({ published: incident.published }).from(incident).where(eq(incident.slug, route.slug ?? "")).get()))?.published;
  // A draft's page for its editors: the session as Next will read it (the cookie of this request's scheme).
  const preview = async (route: RecordRoute, state: boolean | undefined, req: IncomingMessage, res: EdgeResponse) =>
    route.kind === "page" && route.preview && state === false && (await userFromCookieHeader(store, req.headers.cookie, Date.now(), res.https)) !== null;
  // A render that failed (5xx) because the database went away mid-render is the database's 503:
  // the generation's read throws "unavailable" then; with the database there, Next's answer stands.
  const unlessGone = async (made: Entry): Promise<Entry> => (made.status >= 500 ? (await store.generation(), made) : made);
  return async (route: RecordRoute, req: IncomingMessage, res: EdgeResponse): Promise<void> => {
    const asked = askedOf(req);
    const now = await store.generation();
    let stamp: Promise<string> | undefined;
    // The feed's page is read once for its stamp and its entries, so both are of one read.
    let feedRead: Promise<ListedPage> | undefined;
    const feedRows = (feed: Extract<CachedRoute, { kind: "feed" }>) => (feedRead ??= store.read((tx) => feedPage(tx, feed)));
    const stampNow = () => (stamp ??= route.kind === "feed" ? feedRows(route).then(feedStamp) : stampOf(route));
    const hit = await cache.get(route.key, now, stampNow);
    if (hit) return sendEntry(asked, res, hit.entry, hit.found);
    // Only an incident's own path gets an entry: every address of one that is not published shares the not-found one.
    const state = await stateOf(route);
    const gone = state !== true;
    // Next renders it for them alone, never kept (the page checks the session again).
    if (gone && (await preview(route, state, req, res))) return passToNext(handle, req, res);
    let render: Promise<{ entry: Entry; keep: boolean }> | undefined;
    let madeHere = false;
    const stampOfKey = gone ? async () => NOTHING : stampNow;
    const entry = await cache.getOrMake(gone ? prefixOf(route.locale) + NOT_FOUND_PATH : route.key, now, stampOfKey, async () => {
      // Stamped before it is made: a write meanwhile leaves it older-stamped, so the next reader makes it again.
      const at = { generation: now, stamp: await stampOfKey() };
      madeHere = true;
      const stored = route.kind === "file" && !gone ? await readIncident(store, route.slug, { translations: "all" }) : null;
      const feed = route.kind === "feed" && !gone ? await feedRows(route) : null;
      const file = gone ? null : route.kind === "file" ? stored && incidentFile(stored, route.file, route.locale) : route.kind === "feed" && feed ? await store.read((tx) => feedOf(tx, route, feed)) : null;
      if (file) return fileEntry(at, file);
      render = renderWithNext(handle, req, res, at, gone);
      const made = await render;
      return made.keep ? made.entry : null;
    });
    // The request that rendered an entry not fit to keep is answered with it all the same.
    const answer = entry ?? (render ? (await render).entry : null);
    if (answer) return sendEntry(asked, res, await unlessGone(answer), madeHere ? "made" : "shared");
    // Another request's render was not kept: this one renders its own.
    const own = await renderWithNext(handle, req, res, { generation: now, stamp: await stampNow() }, gone);
    sendEntry(asked, res, await unlessGone(own.entry), "made");
  };
}
