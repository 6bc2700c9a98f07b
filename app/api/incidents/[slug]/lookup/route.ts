import { DomainError } from "@/domain/errors";
import { domainProblem } from "@/http/domain-problem";
import { runLookup } from "@/http/lookup-gate";
import { readJsonBody } from "@/http/read-json";
import { BODY_LIMITS } from "@/http/body-limits";
import { json, problem } from "@/http/problem";
import { NO_QUERY, ROUTE_PARAMS, parseParams, parseQuery } from "@/http/route-input";

export const dynamic = "force-dynamic";


type Context = { params: Promise<{ slug: string }> };

export async function POST(request: Request, { params }: Context): Promise<Response> {
  let slug: string;
  try {
    ({ slug } = parseParams(ROUTE_PARAMS.incident, await params));
    parseQuery(NO_QUERY, request.url);
  } catch (error) {
    if (error instanceof DomainError) return domainProblem(error);
    throw error;
  }
  const body = await readJsonBody(request, BODY_LIMITS.lookup);
  if (!body.ok) return problem(body.problem);
  const result = runLookup(slug, body.value, request.headers);
  switch (result.kind) {
    case "answer":
      if (result.answer.list !== "published") {
        // Never "not affected" for want of a list: the lookup cannot answer, and says why.
        return problem(
          {
            status: 409,
            title: "Conflict",
            detail:
              result.answer.list === "none"
                ? `No affected list has been published for "${slug}", so no account can be checked against it yet.`
                : `The record of "${slug}" carries only the counts of its affected list, not the list itself, so no account can be checked here.`,
          },
          result.headers,
        );
      }
      return json(result.answer, result.headers);
    case "invalid":
      return problem(
        {
          status: 400,
          title: "Bad Request",
          detail: `Fix the body and send it again: ${result.errors.map((e) => `${e.field}: ${e.message}`).join("; ")}.`,
          errors: result.errors,
        },
        result.headers,
      );
    case "not-found":
      return problem(
        { status: 404, title: "Not Found", detail: `There is no published incident "${slug}". Check the address.` },
        result.headers,
      );
    case "limited":
      return problem(
        {
          status: 429,
          title: "Too Many Requests",
          detail:
            result.scope === "client"
              ? `Too many lookups from this address. Try again in ${result.decision.retryAfterSeconds} s.`
              : `Too many lookups for this account. Try again in ${result.decision.retryAfterSeconds} s.`,
        },
        { ...result.headers, "retry-after": String(result.decision.retryAfterSeconds) },
      );
  }
}
