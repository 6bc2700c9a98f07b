import "server-only";
import type { z } from "zod";
import { getStore } from "@/db/app-store";
import { actorFromBearer } from "@/db/tokens";
import type { Actor } from "@/domain/access";
import { domainErrorIn } from "@/domain/errors";
import { domainProblem } from "../domain-problem";
import { problem } from "../problem";
import { readJsonBody } from "../read-json";
import { parseParams, parseQuery } from "../route-input";
import type { Operation } from "./operations";
import type { Translate } from "@/domain/said";
import { wordsIn } from "@/domain/say-in";
import { DEFAULT_LOCALE, LOCALE_HEADER, isLocale } from "@/i18n/locales";

const MAX_BODY_BYTES = 256 * 1024;

/** `t`: the address's language's words, for a route's own refusals. */
type Args<O extends Operation> = { request: Request; actor: Actor; params: z.output<O["params"]>; query: z.output<O["query"]>; body: unknown; t: Translate };
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
    // One address, one language: /ru/api/v1/… answers in Russian (the edge says which in LOCALE_HEADER).
    const asked = request.headers.get(LOCALE_HEADER);
    const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
    const t = wordsIn(locale);
    try {
      const actor = await getStore().read((tx) => actorFromBearer(tx, request.headers.get("authorization")));
      if (!actor) return problem({ status: 401, title: "Unauthorized", detail: t("problems.api.token") }, { "www-authenticate": 'Bearer realm="aftermath"' });
      const params = parseParams<O["params"]>(operation.params, await context.params);
      const query = parseQuery<O["query"]>(operation.query, request.url);
      let body: unknown = undefined;
      if (operation.body) {
        const read = await readJsonBody(request, MAX_BODY_BYTES, locale);
        if (!read.ok) return problem(read.problem);
        body = read.value;
      }
      const answer = await handler({ request, actor, params, query, body, t });
      return answer instanceof Response ? answer : sent(operation, answer, t);
    } catch (error) {
      const domain = domainErrorIn(error);
      if (domain) return domainProblem(domain, locale);
      console.error(error);
      return problem({ status: 500, title: "Internal Server Error", detail: t("problems.api.failed") });
    }
  };
}

/** The answer, if it is what the operation says it answers; a 500 otherwise, never a 200 with something else. */
function sent(operation: Operation, answer: unknown, t: Translate): Response {
  const schema = typeof operation.success.schema === "function" ? null : operation.success.schema;
  const checked = schema ? schema.safeParse(answer) : { success: true as const };
  if (!checked.success) {
    console.error(JSON.stringify({ event: "answer_off_contract", path: operation.path, issues: checked.error.issues.slice(0, 5) }));
    return problem({ status: 500, title: "Internal Server Error", detail: t("problems.api.offContract") });
  }
  return new Response(JSON.stringify(answer), { status: operation.success.status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}
