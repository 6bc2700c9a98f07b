"use server";

import { headers } from "next/headers";
import { actionBegins, answerFormWith } from "@/http/form-action";
import { runLookup } from "@/lookup/run";
import { onLines, requestIdLines } from "@/components/lookup/request-id-lines";
import type { LookupState } from "@/components/lookup/lookup-state";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The request-id form's way in: the same gate as the API, so the same limits and the same answers. */
export async function lookupAction(slug: string, _previous: LookupState, form: FormData): Promise<LookupState> {
  await actionBegins();
  const typed = { accountId: text(form, "accountId"), requestIds: text(form, "requestIds") };
  const { ids, lines } = requestIdLines(typed.requestIds);
  const result = runLookup(slug, { accountId: typed.accountId, requestIds: ids }, await headers());
  switch (result.kind) {
    case "answer":
      return { status: "answer", typed, answer: result.answer };
    case "invalid":
      return { status: "invalid", typed, errors: onLines(result.errors, lines) };
    case "proof-required":
    case "link-refused":
      // The form always sends request ids, so it proves something or is invalid; never an empty answer.
      return { status: "invalid", typed, errors: [{ field: "requestIds", message: "give at least one request id" }] };
    case "not-found":
      return { status: "not-found", typed };
    case "no-list":
      return { status: "no-list", typed, list: result.list };
    case "limited":
      await answerFormWith(429, { "retry-after": String(result.decision.retryAfterSeconds) });
      return { status: "limited", typed, retryAfterSeconds: result.decision.retryAfterSeconds };
  }
}
