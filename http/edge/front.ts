import type { IncomingMessage } from "node:http";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { hasBody, limitBody } from "./body-limit";
import { crossSiteRefusal } from "./cross-site";
import { type EdgeAnswer, admit } from "./gate";
import { lookupHandler } from "./lookup";
import { subscriptionHandler } from "./subscriptions";
import { type Handle, passToNext } from "./next-pass";
import { withNote } from "./request-store";
import { type CachedRoute, cachedRoute } from "./routes";
import type { EdgeResponse } from "./writer";

type Answers = (route: CachedRoute, req: IncomingMessage, res: EdgeResponse) => Promise<void>;

/** A refused body up to this size is read and dropped by Node, so the client reads the answer on a live connection. */
const DRAIN_BYTES = 1024 * 1024;

/** Headers for a refusal sent before the body was read: a large or unsized body is not read, the connection closes. */
function closeIfLarge(req: IncomingMessage): Record<string, string> {
  if (!hasBody(req)) return {};
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  return Number.isFinite(declared) && declared <= DRAIN_BYTES ? {} : { connection: "close" };
}

/** Refuses a request whose body is still arriving: answered, then the connection is closed, unread. */
function refuseMidBody(req: IncomingMessage, res: EdgeResponse, answer: EdgeAnswer): void {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  res.answer({ ...answer, headers: { ...answer.headers, connection: "close" } });
  res.once("finish", () => req.destroy());
}

/** Everything after the response's first step; the lookup and Next run with the request's note (request-store.ts). */
function route(req: IncomingMessage, res: EdgeResponse, { answers, handle, trustProxy, dev, reachable }: Options, expectContinue: boolean): void {
  const decision = admit(req, { dev });
  if ("answer" in decision) return res.answer({ ...decision.answer, headers: { ...decision.answer.headers, ...closeIfLarge(req) } });
  const { route: matched, body, locale } = decision.admitted;
  res.locale = locale;
  const own = lookupHandler(decision.admitted) ?? subscriptionHandler(decision.admitted, req);
  if (matched?.spec.kind === "page" && !own && req.method === "POST") res.markFormPost();
  const crossSite = matched?.spec.kind === "api" || matched?.spec.anyOrigin ? null : crossSiteRefusal(req, { trustProxy });
  if (crossSite) {
    return res.answer({
      status: 403,
      title: "Cross-site request refused",
      detail: { key: "problems.edge.crossSite", values: { why: crossSite } },
      headers: closeIfLarge(req),
    });
  }
  if (body && hasBody(req)) {
    limitBody(req, {
      maxBytes: body.maxBytes,
      tooLarge: () => refuseMidBody(req, res, { status: 413, title: "Content Too Large", detail: { key: "problems.edge.bodyTooLarge", values: { max: body.maxBytes } } }),
      idle: () => refuseMidBody(req, res, { status: 408, title: "Request Timeout", detail: { key: "problems.edge.bodyStopped" } }),
    });
  }
  if (expectContinue) res.writeContinue();
  if (own) return withNote(res.note, () => void own(req, res).catch((error: unknown) => res.fail(error)));
  const cached = cachedRoute(req, decision.admitted);
  // A public page has no form and no action, so nothing in it notes anything: no store to enter,
  // and none to copy into each of the answer's async steps.
  if (cached && "refuse" in cached) return res.answer(cached.refuse);
  if (cached) return void answers(cached, req, res).catch((error: unknown) => res.fail(error));
  // A page or API call that needs the database is told 503 while it cannot be reached (PostgreSQL
  // restarting), not rendered into a 500 by Next; Next's own files need no database.
  const needsDatabase = matched?.spec.kind === "page" || matched?.spec.kind === "api";
  void withNote(res.note, () => (needsDatabase ? reachable().then(() => passToNext(handle, req, res)) : passToNext(handle, req, res)).catch((error: unknown) => res.fail(error)));
}

/** reachable: resolves once the database answers (the generation's read, shared by the requests of a moment), or says why not. */
type Options = { answers: Answers; handle: Handle; trustProxy: boolean; dev: boolean; reachable: () => Promise<unknown> };

/**
 * The one way in for every request: the response writer (request id, headers, problem+json), the
 * gate (target, route, method, body), the cross-site check, the body's limit as it streams, then
 * the cached public answers or Next. `expectContinue`: a client waiting to send its body until told.
 */
export function edgeHandler(options: Options) {
  return (req: IncomingMessage, res: EdgeResponse, expectContinue = false): void => {
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
    // Only a trusted proxy's X-Forwarded-Proto (its last entry) can say the browser used HTTPS.
    const https = options.trustProxy && String(req.headers["x-forwarded-proto"] ?? "").split(",").at(-1)?.trim().toLowerCase() === "https";
    res.begin({ https });
    route(req, res, options, expectContinue);
  };
}
