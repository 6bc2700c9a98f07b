import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { STRICT_TRANSPORT_SECURITY } from "../security-headers";
import { hasBody, limitBody } from "./body-limit";
import { crossSiteRefusal } from "./cross-site";
import { type EdgeAnswer, admit } from "./gate";
import { type Guard, guardResponse } from "./guard";
import { dropValidators, hashInlineScripts } from "./hash-pages";
import { lookupHandler } from "./lookup";
import { type CachedRoute, cachedRoute } from "./routes";

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type Answers = (route: CachedRoute, req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** A refused body up to this size is read and dropped by Node, so the client reads the answer on a live connection. */
const DRAIN_BYTES = 1024 * 1024;

/** Headers for a refusal sent before the body was read: a large or unsized body is not read, the connection closes. */
function closeIfLarge(req: IncomingMessage): Record<string, string> {
  if (!hasBody(req)) return {};
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  return Number.isFinite(declared) && declared <= DRAIN_BYTES ? {} : { connection: "close" };
}

/** Refuses a request whose body is still arriving: answered, then the connection is closed, unread. */
function refuseMidBody(guard: Guard, req: IncomingMessage, res: ServerResponse, answer: EdgeAnswer): void {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  guard.answer({ ...answer, headers: { ...answer.headers, connection: "close" } });
  res.once("finish", () => req.destroy());
}

/**
 * The one way in for every request: the response guard (request id, headers, problem+json), the
 * gate (target, route, method, body), the cross-site check, the body's limit as it streams, then
 * the cached public answers or Next. `expectContinue`: a client waiting to send its body until told.
 */
export function edgeHandler({ answers, handle, trustProxy, dev }: { answers: Answers; handle: Handle; trustProxy: boolean; dev: boolean }) {
  return (req: IncomingMessage, res: ServerResponse, expectContinue = false): void => {
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
    // Only a trusted proxy's X-Forwarded-Proto (its last entry) can say the browser used HTTPS.
    const https = trustProxy && String(req.headers["x-forwarded-proto"] ?? "").split(",").at(-1)?.trim().toLowerCase() === "https";
    const guard = guardResponse(req, res, https ? { "strict-transport-security": STRICT_TRANSPORT_SECURITY } : {});
    const fail = (error: unknown, holding = false) => {
      console.error(JSON.stringify({ event: "request_failed", requestId: guard.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
      if (!res.headersSent && !holding) guard.fail();
      else res.destroy();
    };
    const decision = admit(req, { dev });
    if ("answer" in decision) {
      return guard.answer({ ...decision.answer, headers: { ...decision.answer.headers, ...closeIfLarge(req) } });
    }
    const { route, body } = decision.admitted;
    if (route?.spec.kind === "page" && !route.spec.edge && req.method === "POST") guard.formPost();
    const crossSite = route?.spec.kind === "api" ? null : crossSiteRefusal(req, { trustProxy });
    if (crossSite) {
      return guard.answer({
        status: 403,
        title: "Cross-site request refused",
        detail: `This form post was refused because ${crossSite}. Open the form on this site and send it from there.`,
        headers: closeIfLarge(req),
      });
    }
    if (body && hasBody(req)) {
      limitBody(req, {
        maxBytes: body.maxBytes,
        tooLarge: () => refuseMidBody(guard, req, res, { status: 413, title: "Content Too Large", detail: `The body is larger than ${body.maxBytes} bytes, the most this address takes. Nothing was done.` }),
        idle: () => refuseMidBody(guard, req, res, { status: 408, title: "Request Timeout", detail: "The body stopped arriving and was given up on. Nothing was done; send it again." }),
      });
    }
    if (expectContinue) res.writeContinue();
    const own = lookupHandler(decision.admitted);
    if (own) return void own(req, res).catch((error: unknown) => fail(error));
    const cached = cachedRoute(req, decision.admitted);
    if (cached) return void answers(cached, req, res).catch((error: unknown) => fail(error));
    if (String(req.headers.accept).includes("text/html")) dropValidators(req);
    const holding = hashInlineScripts(res);
    handle(req, res).catch((error: unknown) => fail(error, holding()));
  };
}
