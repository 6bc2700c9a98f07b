import type { IncomingMessage } from "node:http";
import type { Store } from "@/db/store/store";
import { readShown } from "@/db/read/shown";
import { type StatuspageRead, readStatuspage } from "@/db/read/statuspage";
import { requestOrigin } from "@/lib/origin";
import { statuspageFile } from "@/publish/statuspage";
import { fileEntry } from "./file-entry";
import type { PageCache } from "./page-cache";
import type { CachedRoute } from "./routes";
import { askedOf, sendEntry } from "./send";
import { statuspageStamp } from "./stamps";
import type { EdgeResponse } from "./writer";

/** The page's name, and this site's origin when PUBLIC_ORIGIN gives it; null: the origin each request was sent to. */
export type StatuspageConfig = { name: string; origin: string | null };

/** Statuspage's clients read these from other sites' pages (a status widget): any origin may. */
const CORS = { "access-control-allow-origin": "*" };

/**
 * The Statuspage-compatible answers from the page cache, each as the record stands now (stamps.ts).
 * Their addresses are absolute: without PUBLIC_ORIGIN they are made from the Host and scheme the
 * request came with, so each origin is an entry of its own and no reader gets another's.
 */
export function statuspageAnswers({ store, cache, config }: { store: Store; cache: PageCache; config: StatuspageConfig }) {
  return async (route: Extract<CachedRoute, { kind: "statuspage" }>, req: IncomingMessage, res: EdgeResponse): Promise<void> => {
    const origin = config.origin ?? requestOrigin(req.headers.host, res.https ? "https" : "http");
    if (origin === null) {
      const detail = "The Host header names no address of this site, and the answer's addresses are made from it. Send this site's name as Host; the operator may set PUBLIC_ORIGIN.";
      return res.answer({ status: 400, title: "Bad Request", detail });
    }
    const key = config.origin ? route.key : `${origin}${route.key}`;
    const asked = askedOf(req);
    const now = await store.generation();
    // Read once for its stamp and its answer, so both are of one read.
    let read: Promise<StatuspageRead> | undefined;
    const readNow = () => (read ??= store.read((tx) => readStatuspage(tx)));
    const stamp = async () => statuspageStamp(await readNow());
    const hit = await cache.get(key, now, stamp);
    if (hit) return sendEntry(asked, res, hit.entry, hit.found);
    let madeHere = false;
    const entry = await cache.getOrMake(key, now, stamp, async () => {
      // Stamped before it is made: a write meanwhile leaves it older-stamped, so the next reader makes it again.
      const at = { generation: now, stamp: await stamp() };
      madeHere = true;
      const { listed, unresolved, open } = await readNow();
      const [listedShown, unresolvedShown] = await store.read(async (tx) => [await readShown(tx, listed, null), await readShown(tx, unresolved, null)] as const);
      const shown = { site: { name: config.name, origin }, listed: listedShown, unresolved: unresolvedShown, open };
      return fileEntry(at, statuspageFile(route.answer, shown), CORS);
    });
    if (!entry) throw new Error(`the Statuspage answer ${route.key} was not made`);
    sendEntry(asked, res, entry, madeHere ? "made" : "shared");
  };
}
