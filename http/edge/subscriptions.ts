import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { appLookupSecret } from "@/config/secret";
import { getDb } from "@/db/client";
import { confirmByToken, endByToken } from "@/notify/manage";
import { type LookupHttp, problemHttp } from "../lookup-http";
import type { Admitted } from "./gate";
import { readBody, sendOwn } from "./own-answer";
import type { EdgeResponse } from "./writer";

// A subscription's links take a plain form post, answered here: the confirmation page's button, and
// the unsubscribe link, posted by the page's button or by a mail provider's one click (RFC 8058:
// "List-Unsubscribe=One-Click", from its own servers, with no cookie and no Origin of ours).
// A browser is sent back to the page, which says what became of it; anything else gets JSON.

const tokenQuery = z.strictObject({ token: z.string().min(1).max(600) });
const wantsPage = (req: IncomingMessage) => String(req.headers.accept ?? "").includes("text/html");
const back = (path: string, token: string): LookupHttp => ({
  status: 303,
  headers: { location: `${path}?token=${encodeURIComponent(token)}`, "referrer-policy": "no-referrer", "cache-control": "no-store" },
});
const json = (body: object): LookupHttp => ({ status: 200, headers: { "content-type": "application/json", "cache-control": "no-store" }, body: JSON.stringify(body) });

type Handler = (req: IncomingMessage, token: string) => LookupHttp;

const HANDLERS: Record<string, Handler> = {
  "/subscriptions/confirm": (req, token) => {
    const result = confirmByToken(getDb(), appLookupSecret(), token, new Date());
    if (wantsPage(req)) return back("/subscriptions/confirm", token);
    if (result === "confirmed") return json({ confirmed: true });
    return problemHttp({ status: result === "expired" ? 410 : 400, title: result === "expired" ? "Gone" : "Bad Request", detail: CONFIRM_REFUSED[result] });
  },
  "/subscriptions/unsubscribe": (req, token) => {
    const ended = endByToken(getDb(), appLookupSecret(), token);
    if (wantsPage(req)) return back("/subscriptions/unsubscribe", token);
    if (ended) return json({ unsubscribed: true });
    return problemHttp({ status: 400, title: "Bad Request", detail: "This unsubscribe link is not one of this site's, or it was cut short. Use the whole link from the email." });
  },
};

export const CONFIRM_REFUSED = {
  stale: "A newer confirmation was sent for this subscription; use the link in the newest email.",
  invalid: "This confirmation link is not one of this site's, or it was cut short. Use the whole link from the email.",
  expired: "This confirmation link has expired. Sign up again to get a new one.",
} as const;

const tokenOf = (req: IncomingMessage) => tokenQuery.safeParse(Object.fromEntries(new URL(req.url ?? "/", "http://edge.invalid").searchParams));
const NO_TOKEN = problemHttp({ status: 400, title: "Bad Request", detail: "The address has no link token (?token=…), or more than it. Use the whole link from the email." });

/** The edge's own answer to a subscription link's address: every post, and a page asked for without its token (Next renders the rest). */
export function subscriptionHandler({ route }: Admitted, req: IncomingMessage): ((req: IncomingMessage, res: EdgeResponse) => Promise<void>) | null {
  const handler = route?.spec.edgePost ? HANDLERS[route.spec.path] : undefined;
  if (!handler) return null;
  if (req.method !== "POST") return tokenOf(req).success ? null : async (request, res) => sendOwn(request, res, NO_TOKEN);
  return async (request, res) => {
    if ((await readBody(request)) === null) return;
    const query = tokenOf(request);
    sendOwn(request, res, query.success ? handler(request, query.data.token) : NO_TOKEN);
  };
}

/** For the route list's test: the addresses whose posts this module answers. */
export const EDGE_POST_PATHS = Object.keys(HANDLERS);
