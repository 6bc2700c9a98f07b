import "server-only";
import { type Problem, problemParts } from "./problem";
import type { GateResult } from "@/lookup/run";
import { type AccountWords, lookupErrors } from "@/lookup/input-errors";
import { type Locale, localized } from "@/i18n/locales";
import { describeForm } from "@/domain/record/affected-shape";
import { type Translator, translator } from "@/i18n/translate";
import { linkRefused, noList } from "@/view/lookup-messages";
import { getStore } from "@/db/app-store";
import { lookupIncident } from "@/lookup/rows";
import { shapeWord } from "@/db/read/translations";
import { capitalize } from "@/lib/words";

/** An HTTP answer the server's edge writes whole (http/edge/lookup.ts): the lookup's, and its proof steps'. */
export type LookupHttp = { status: number; headers: Record<string, string>; body?: string };

/** The statuses the lookup's problems have, and their titles in each language (RFC 9457 lets a title be localized). */
export type ProblemStatus = 400 | 403 | 404 | 409 | 410 | 429;
const titleOf = (t: Translator, status: ProblemStatus) => t(`lookup.api.title.${status}`);

/** The words that tell a tenant how to prove an account is theirs: the same for every account id. */
export function proofAdvice(slug: string, openid: boolean, locale: Locale = "en"): string {
  const t = translator(locale);
  const ways = [t("lookup.api.proof.link"), t("lookup.api.proof.requestIds")];
  if (openid) ways.push(t("lookup.api.proof.openid", { page: localized(locale, `/incidents/${slug}/lookup`) }));
  return t("lookup.api.proof.advice", { ways: ways.join("; ") });
}

export function problemHttp(p: Problem, headers: Record<string, string> = {}): LookupHttp {
  return { status: p.status, ...problemParts(p, headers) };
}

/** A problem of the lookup's in the request's language: its title and detail; the status, code and fields as they are in every language. */
export function lookupProblem(locale: Locale, status: ProblemStatus, detail: string, headers: Record<string, string> = {}, extra: Pick<Problem, "code" | "errors"> = {}): LookupHttp {
  const language: Record<string, string> = locale === "en" ? {} : { "content-language": locale };
  return problemHttp({ status, title: titleOf(translator(locale), status), ...extra, detail }, { ...headers, ...language });
}

/** The incident's account id in words, for a refusal of one said in another language than English (English says the domain's own). */
export async function accountWords(slug: string, locale: Locale): Promise<AccountWords> {
  if (locale === "en") return null;
  const read = await getStore().read(async (tx) => {
    const found = await lookupIncident(tx, slug);
    return found && { found, word: await shapeWord(tx, found.id, "account/name", locale) };
  });
  if (!read) return null;
  const { found } = read;
  const name = read.word ?? found.shape.account.name;
  return { label: capitalize(name), form: describeForm(found.shape.account.form, locale), example: found.shape.account.example };
}

type Options = { openid: boolean; locale?: Locale; account?: AccountWords };

export function lookupHttp(slug: string, result: GateResult, { openid, locale = "en", account = null }: Options): LookupHttp {
  const t = translator(locale);
  switch (result.kind) {
    case "answer":
      return { status: 200, headers: { "content-type": "application/json", "cache-control": "no-store", ...result.headers }, body: JSON.stringify(result.answer) };
    case "proof-required":
      return lookupProblem(locale, 403, proofAdvice(slug, openid, locale), result.headers, { code: "proof-required" });
    case "link-refused":
      return lookupProblem(locale, 403, linkRefused(locale, result.reason), result.headers, { code: `link-${result.reason}` });
    case "no-list":
      // Never "not affected" for want of a list: the lookup cannot answer, and says why.
      return lookupProblem(locale, 409, noList(locale, result.list), result.headers, { code: result.list === "none" ? "no-list" : "counts-only" });
    case "invalid": {
      const errors = lookupErrors(locale, result.errors, account);
      return lookupProblem(locale, 400, t("lookup.api.invalid", { errors: errors.map((e) => `${e.field}: ${e.message}`).join("; ") }), result.headers, { errors });
    }
    case "not-found":
      return lookupProblem(locale, 404, t("lookup.api.notFound", { slug }), result.headers);
    case "limited":
      return lookupProblem(locale, 429, t(result.scope === "client" ? "lookup.api.limitedClient" : "lookup.api.limitedAccount", { seconds: result.decision.retryAfterSeconds }), {
        ...result.headers,
        "retry-after": String(result.decision.retryAfterSeconds),
      });
  }
}
