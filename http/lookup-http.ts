import "server-only";
import { type Problem, problemParts } from "./problem";
import type { GateResult } from "@/lookup/run";
import { LINK_REFUSED, NO_LIST } from "@/view/lookup-messages";

/** An HTTP answer the server's edge writes whole (http/edge/lookup.ts): the lookup's, and its proof steps'. */
export type LookupHttp = { status: number; headers: Record<string, string>; body?: string };

/** The words that tell a tenant how to prove an account is theirs: the same for every account id. */
export function proofAdvice(slug: string, openid: boolean): string {
  const ways = [
    'Send the lookup link from your provider\'s notice as {"link": "<the link>"}',
    'or send the account id with request ids from your own logs as {"accountId": "…", "requestIds": ["…"]}: only those requests are answered',
  ];
  if (openid) ways.push(`or sign in with your provider at /incidents/${slug}/lookup and send the lookup with the session cookie it gives`);
  return `An account id alone shows nothing of the account: prove it is yours. ${ways.join("; ")}.`;
}

export function problemHttp(p: Problem, headers: Record<string, string> = {}): LookupHttp {
  return { status: p.status, ...problemParts(p, headers) };
}

export function lookupHttp(slug: string, result: GateResult, { openid }: { openid: boolean }): LookupHttp {
  switch (result.kind) {
    case "answer":
      return { status: 200, headers: { "content-type": "application/json", "cache-control": "no-store", ...result.headers }, body: JSON.stringify(result.answer) };
    case "proof-required":
      return problemHttp({ status: 403, title: "Forbidden", code: "proof-required", detail: proofAdvice(slug, openid) }, result.headers);
    case "link-refused":
      return problemHttp({ status: 403, title: "Forbidden", code: `link-${result.reason}`, detail: LINK_REFUSED[result.reason] }, result.headers);
    case "no-list":
      // Never "not affected" for want of a list: the lookup cannot answer, and says why.
      return problemHttp(
        {
          status: 409,
          title: "Conflict",
          code: result.list === "none" ? "no-list" : "counts-only",
          detail: NO_LIST[result.list],
        },
        result.headers,
      );
    case "invalid":
      return problemHttp(
        { status: 400, title: "Bad Request", detail: `Fix the body and send it again: ${result.errors.map((e) => `${e.field}: ${e.message}`).join("; ")}.`, errors: result.errors },
        result.headers,
      );
    case "not-found":
      return problemHttp({ status: 404, title: "Not Found", detail: `There is no published incident "${slug}". Check the address.` }, result.headers);
    case "limited":
      return problemHttp(
        {
          status: 429,
          title: "Too Many Requests",
          detail:
            result.scope === "client"
              ? `Too many lookups from this address. Try again in ${result.decision.retryAfterSeconds} s.`
              : `Too many lookups for your account. Try again in ${result.decision.retryAfterSeconds} s.`,
        },
        { ...result.headers, "retry-after": String(result.decision.retryAfterSeconds) },
      );
  }
}
