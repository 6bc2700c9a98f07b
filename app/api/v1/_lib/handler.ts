import "server-only";
import type { z } from "zod";
import { getDb } from "@/db/client";
import { actorFromBearer } from "@/db/tokens";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { domainProblem } from "@/http/domain-problem";
import { problem } from "@/http/problem";
import { readJsonBody } from "@/http/read-json";
import { parseParams, parseQuery } from "@/http/route-input";

const MAX_BODY_BYTES = 256 * 1024;

type Handler<P, Q> = (args: { request: Request; actor: Actor; params: P; query: Q; body: unknown }) => Response | Promise<Response>;
/** What a route takes: its path's segments and its query (http/route-input), and whether it reads a JSON body. */
type Input<P, Q> = { params: z.ZodType<P>; query: z.ZodType<Q>; body?: boolean };

/**
 * The API's one way in: a bearer token, the address's segments and query checked strictly, a JSON
 * body read with a size limit, domain errors mapped to problem+json in one place. The verbs check
 * what the actor may do; this only finds out who.
 */
export function v1<P, Q>(input: Input<P, Q>, handler: Handler<P, Q>) {
  return async (request: Request, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const actor = actorFromBearer(getDb(), request.headers.get("authorization"));
      if (!actor) {
        return problem(
          { status: 401, title: "Unauthorized", detail: "Send a valid token as Authorization: Bearer <token> (npm run token:add makes one)." },
          { "www-authenticate": 'Bearer realm="aftermath"' },
        );
      }
      const params = parseParams(input.params, await context.params);
      const query = parseQuery(input.query, request.url);
      let body: unknown = undefined;
      if (input.body) {
        const read = await readJsonBody(request, MAX_BODY_BYTES);
        if (!read.ok) return problem(read.problem);
        body = read.value;
      }
      return await handler({ request, actor, params, query, body });
    } catch (error) {
      if (error instanceof DomainError) return domainProblem(error);
      console.error(error);
      return problem({ status: 500, title: "Internal Server Error", detail: "The change was not made. Try again; if it persists, report it." });
    }
  };
}

export function ok(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}
