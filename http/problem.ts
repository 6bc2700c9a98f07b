import { API_POLICY, BASE_HEADERS } from "./security-headers";

/** RFC 9457 problem details: the only shape an error leaves the API in. */
export type Problem = {
  status: number;
  title: string;
  detail: string;
  /** Field-level findings for 400s: where, and what to fix. */
  errors?: Array<{ field: string; message: string }>;
  /** On a 409: the version to base the edit on instead. */
  currentVersion?: number;
  /** An extension member (RFC 9457 §3.2) naming the problem for programs, where the status alone does not ("proof-required"). */
  code?: string;
};

const NO_STORE = { "cache-control": "no-store" };
/** The headers of every problem, whichever layer sends it. */
export const PROBLEM_HEADERS = { "content-type": "application/problem+json", ...NO_STORE };

/** The body of a problem, whichever layer sends it (a route handler here, the edge in http/edge/send.ts). */
export const problemDocument = (p: Problem): string => JSON.stringify({ type: "about:blank", ...p });

/** A problem as head and body, for a layer that writes its own answer (the server's edge), with the API's headers. */
export function problemParts(p: Problem, headers: Record<string, string> = {}): { headers: Record<string, string>; body: string } {
  return { headers: { ...BASE_HEADERS, ...headers, ...PROBLEM_HEADERS, "content-security-policy": API_POLICY }, body: problemDocument(p) };
}

export function problem(p: Problem, headers: Record<string, string> = {}): Response {
  return new Response(problemDocument(p), { status: p.status, headers: { ...PROBLEM_HEADERS, ...headers } });
}

export function json(body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json", ...NO_STORE, ...headers },
  });
}
