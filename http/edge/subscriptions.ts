import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { appLookupSecret } from "@/config/secret";
import { getStore } from "@/db/app-store";
import { confirmByToken, endByToken } from "@/notify/manage";
import { type Locale, localized } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import { type LookupHttp, lookupProblem } from "../lookup-http";
import type { Admitted } from "./gate";
import { readBody, sendOwn } from "./own-answer";
import type { EdgeResponse } from "./writer";

// A subscription's links take a plain form post, answered here: the confirmation page's button, and
// the unsubscribe link, posted by the page's button or by a mail provider's one click (RFC 8058:
// "List-Unsubscribe=One-Click", from its own servers, with no cookie and no Origin of ours).
// A browser is sent back to the page, which says what became of it; anything else gets JSON.

const tokenQuery = z.strictObject({ token: z.string().min(1).max(600) });
const wantsPage = (req: IncomingMessage) => String(req.headers.accept ?? "").includes("text/html");
/** Back to the link's page in the language it was posted from. */
const back = (locale: Locale, path: string, token: string): LookupHttp => ({
  status: 303,
  headers: { location: localized(locale, `${path}?token=${encodeURIComponent(token)}`), "referrer-policy": "no-referrer", "cache-control": "no-store" },
});
const json = (body: object): LookupHttp => ({ status: 200, headers: { "content-type": "application/json", "cache-control": "no-store" }, body: JSON.stringify(body) });

type Handler = (req: IncomingMessage, token: string, locale: Locale) => Promise<LookupHttp>;

const HANDLERS: Record<string, Handler> = {
  "/subscriptions/confirm": async (req, token, locale) => {
    const result = await confirmByToken(getStore(), appLookupSecret(), token, new Date());
    if (wantsPage(req)) return back(locale, "/subscriptions/confirm", token);
    if (result === "confirmed") return json({ confirmed: true });
    return lookupProblem(locale, result === "expired" ? 410 : 400, translator(locale)(`subscribe.refused.${result}`));
  },
  "/subscriptions/unsubscribe": async (req, token, locale) => {
    const ended = await endByToken(getStore(), appLookupSecret(), token);
    if (wantsPage(req)) return back(locale, "/subscriptions/unsubscribe", token);
    if (ended) return json({ unsubscribed: true });
    return lookupProblem(locale, 400, translator(locale)("subscribe.unsubscribe.broken"));
  },
};

const tokenOf = (req: IncomingMessage) => tokenQuery.safeParse(Object.fromEntries(new URL(req.url ?? "/", "http://edge.invalid").searchParams));
const noToken = (locale: Locale) => lookupProblem(locale, 400, translator(locale)("subscribe.noToken"));

/** The edge's own answer to a subscription link's address: every post, and a page asked for without its token (Next renders the rest). */
export function subscriptionHandler({ route, locale }: Admitted, req: IncomingMessage): ((req: IncomingMessage, res: EdgeResponse) => Promise<void>) | null {
  const handler = route?.spec.edgePost ? HANDLERS[route.spec.path] : undefined;
  if (!handler) return null;
  if (req.method !== "POST") return tokenOf(req).success ? null : async (request, res) => sendOwn(request, res, noToken(locale));
  return async (request, res) => {
    if ((await readBody(request)) === null) return;
    const query = tokenOf(request);
    sendOwn(request, res, query.success ? await handler(request, query.data.token, locale) : noToken(locale));
  };
}

/** For the route list's test: the addresses whose posts this module answers. */
export const EDGE_POST_PATHS = Object.keys(HANDLERS);
