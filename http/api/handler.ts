import "server-only";
import type { z } from "zod";
import { getDb } from "@/db/client";
import { actorFromBearer } from "@/db/tokens";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { domainProblem } from "../domain-problem";
import { problem } from "../problem";
import { readJsonBody } from "../read-json";
import { parseParams, parseQuery } from "../route-input";
import type { Operation } from "./operations";

const MAX_BODY_BYTES = 256 * 1024;

type Args<O extends Operation> = { request: Request; actor: Actor; params: z.output<O["params"]>; query: z.output<O["query"]>; body: unknown };
/** What a route answers: its operation's body, or a Response of its own (a refusal before the verb). */
type Handler<O extends Operation> = (args: Args<O>) => unknown;

/**
 * /api/v1's one way in, for one operation (http/api/operations.ts): a bearer token, the address's
 * segments and query checked strictly with the operation's schemas, a JSON body read with a size
 * limit (the verb parses it with the same schema the document shows), domain errors mapped to
 * problem+json in one place, and the answer checked against the operation's before it is sent.
 */
export function v1<O extends Operation>(operation: O, handler: Handler<O>) {
  return async (request: Request, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const actor = actorFromBearer(getDb(), request.headers.get("authorization"));
      if (!actor) {
        return problem(
          { status: 401, title: "Unauthorized", detail: "Send a valid token as Authorization: Bearer <token> (npm run token:add makes one)." },
          { "www-authenticate": 'Bearer realm="aftermath"' },
        );
      }
      const params = parseParams<O["params"]>(operation.params, await context.params);
      const query = parseQuery<O["query"]>(operation.query, request.url);
      let body: unknown = undefined;
      if (operation.body) {
        const read = await readJsonBody(request, MAX_BODY_BYTES);
        if (!read.ok) return problem(read.problem);
        body = read.value;
      }
      const answer = await handler({ request, actor, params, query, body });
      return answer instanceof Response ? answer : sent(operation, answer);
    } catch (error) {
      if (error instanceof DomainError) return domainProblem(error);
      console.error(error);
      return problem({ status: 500, title: "Internal Server Error", detail: "The change was not made. Try again; if it persists, report it." });
    }
  };
}

/** The answer, if it is what the operation says it answers; a 500 otherwise, never a 200 with something else. */
function sent(operation: Operation, answer: unknown): Response {
  const schema = typeof operation.success.schema === "function" ? null : operation.success.schema;
  const checked = schema ? schema.safeParse(answer) : { success: true as const };
  if (!checked.success) {
    console.error(JSON.stringify({ event: "answer_off_contract", path: operation.path, issues: checked.error.issues.slice(0, 5) }));
    return problem({ status: 500, title: "Internal Server Error", detail: "The server's answer did not have the shape the API promises, so it was not sent. Report it." });
  }
  return new Response(JSON.stringify(answer), { status: operation.success.status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}
