"use server";

import { actionBegins, answerFormWith } from "@/http/form-action";
import { headers } from "next/headers";
import { runLookup } from "@/http/lookup-gate";
import type { LookupState } from "@/components/lookup/lookup-state";

/** The form's way in: the same gate as the API, so the same limits and the same answers. */
export async function lookupAction(slug: string, _previous: LookupState, form: FormData): Promise<LookupState> {
  await actionBegins();
  const accountId = form.get("accountId");
  const requestIds = form.get("requestIds");
  const input = {
    accountId: typeof accountId === "string" ? accountId : "",
    requestIds:
      typeof requestIds === "string"
        ? requestIds
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
  };
  const result = runLookup(slug, input, await headers());
  switch (result.kind) {
    case "answer":
      if (result.answer.list !== "published") return { status: "no-list", list: result.answer.list };
      // Only the last four digits come back, so the reader knows which account this answer is for.
      return {
        status: "answer",
        answer: result.answer,
        checked: input.requestIds.length > 0,
        accountEnding: input.accountId.trim().slice(-4).toLowerCase(),
      };
    case "invalid":
      return { status: "invalid", errors: result.errors };
    case "not-found":
      return { status: "not-found" };
    case "limited":
      await answerFormWith(429, { "retry-after": String(result.decision.retryAfterSeconds) });
      return { status: "limited", retryAfterSeconds: result.decision.retryAfterSeconds };
  }
}
