import { randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import { API_POLICY, BASE_HEADERS } from "../security-headers";
import type { EdgeAnswer } from "./gate";
import { REQUEST_ID_HEADER, openNote, takeNote } from "./request-notes";
import { problemParts } from "../problem";
import { callBack, takeHeadersArg } from "./response-args";


const isProblem = (type: unknown) => String(type ?? "").startsWith("application/problem+json");
const isHtml = (type: unknown) => String(type ?? "").startsWith("text/html");

/** Whether a Location stays on this site (a path, resolved against any origin, keeps that origin), or goes to the one origin allowed. */
function onSite(location: unknown, allowed: string | undefined): boolean {
  if (location === undefined) return true;
  try {
    const origin = new URL(String(location), "http://site.invalid").origin;
    return origin === "http://site.invalid" || origin === allowed;
  } catch {
    return false;
  }
}

function detailOf(status: number, id: string): string {
  if (status >= 500) return `The server failed while answering (request id ${id}). Try again; if it keeps failing, give the operator that id.`;
  if (status === 404) return "There is nothing at this address. Check the address.";
  if (status === 400) return "The request could not be read. Check it and send it again.";
  return `The request was refused: ${STATUS_CODES[status] ?? "error"} (${status}). Check it and send it again.`;
}

/** Headers an error's meaning depends on, kept when its body is replaced. */
const MEANINGFUL = ["allow", "retry-after", "www-authenticate", "connection"];
const kept = (res: ServerResponse): Record<string, string> =>
  Object.fromEntries(MEANINGFUL.flatMap((name) => (res.hasHeader(name) ? [[name, String(res.getHeader(name))]] : [])));

export type Guard = {
  id: string;
  /** Marks the request as a post of one of the app's forms (a server action): see writeHead. */
  formPost: () => void;
  answer: (a: EdgeAnswer) => void;
  /** A 500 for a request that threw before anything was sent; its detail quotes the request id. */
  fail: () => void;
};

/**
 * Stands between every layer (the edge, the cache, Next) and the socket. Each answer gets the
 * request id and the full set of security headers; an error a non-browser client would get as HTML
 * or text becomes problem+json; a redirect off this site is refused; the status a form's action asks
 * for (request-notes) goes on the form's own answer, a page or an RSC payload, left as it is; a form
 * post Next could not decode, before any action ran, is a 400, not Next's 500. 5xx are logged with the id.
 */
export function guardResponse(req: IncomingMessage, res: ServerResponse, always: Record<string, string> = {}): Guard {
  const id = randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  openNote(id);
  const wantsHtml = String(req.headers.accept ?? "").includes("text/html");
  const method = req.method;
  // Without the query: a link's token (and any other secret a query may carry) stays out of the log.
  const path = req.url?.split("?")[0];
  let formPost = false;
  const full = { ...BASE_HEADERS, "content-security-policy": API_POLICY, ...always, [REQUEST_ID_HEADER]: id };
  // Set now, so that what a layer sets itself replaces them; set again wherever a layer cleared them.
  const complete = () => {
    for (const [name, value] of Object.entries(full)) if (!res.hasHeader(name)) res.setHeader(name, value);
  };
  complete();

  const { writeHead, write, end } = res;
  let replaced = false;
  const problem = (status: number, detail: string, title = STATUS_CODES[status] ?? "Error", headers: Record<string, string> = {}) => {
    replaced = true;
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const parts = problemParts({ status, title, detail }, { ...always, [REQUEST_ID_HEADER]: id, ...headers });
    const body = Buffer.from(parts.body);
    Reflect.apply(writeHead, res, [status, { ...parts.headers, "content-length": body.length }]);
    Reflect.apply(end, res, [body]);
  };

  Object.assign(res, {
    writeHead(status: number, ...rest: unknown[]) {
      if (replaced) return res;
      const headers = takeHeadersArg(res, rest);
      complete();
      const note = takeNote(id);
      let code = status;
      if (note?.status) {
        code = note.status.code;
        for (const [name, value] of Object.entries(note.status.headers)) res.setHeader(name, value);
      }
      const type = res.getHeader("content-type");
      if (note?.refused) {
        problem(400, note.refused);
      } else if (code >= 500 && formPost && !note?.actionStarted) {
        problem(400, "The form's data could not be read, so nothing was done. Reload the page and send the form again.");
      } else if (!onSite(res.getHeader("location"), note?.offSite)) {
        problem(400, "This address leads off this site; nothing was done. Check the address.");
      } else if (code >= 400 && !note?.status && !isProblem(type) && !(wantsHtml && isHtml(type))) {
        problem(code, detailOf(code, id), undefined, kept(res));
      } else {
        Reflect.apply(writeHead, res, [code, ...rest.filter((r) => r !== headers)]);
      }
      return res;
    },
    write(chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (!replaced) return Reflect.apply(write, res, [chunk, encoding, callback].filter((a) => a !== undefined));
      callBack([encoding, callback]);
      return true;
    },
    end(chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (!res.headersSent && !replaced) res.writeHead(res.statusCode);
      if (!replaced) return Reflect.apply(end, res, [chunk, encoding, callback].filter((a) => a !== undefined));
      callBack([chunk, encoding, callback]);
      return res;
    },
  });

  res.once("close", () => {
    takeNote(id);
    if (res.statusCode >= 500) console.error(JSON.stringify({ event: "server_error", requestId: id, method, path, status: res.statusCode }));
  });

  return {
    id,
    formPost: () => void (formPost = true),
    fail: () => problem(500, detailOf(500, id)),
    answer: ({ status, title, detail, headers = {} }) => {
      if (status === 204) {
        res.writeHead(204, { ...headers, "cache-control": "no-store" });
        res.end();
        return;
      }
      problem(status, detail, title, headers);
    },
  };
}
