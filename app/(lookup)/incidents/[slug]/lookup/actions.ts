"use server";

import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { z } from "zod";
import { key } from "@/domain/record/common";
import { answerFormWith, formWith, sentText, serverAction, textField } from "@/http/form-action";
import { runLookup } from "@/lookup/run";
import { onLines, requestIdLines } from "@/components/lookup/request-id-lines";
import type { LookupState } from "@/components/lookup/lookup-state";
import type { SendLinkState } from "@/components/lookup/send-link-state";
import { appLookupSecret } from "@/config/secret";
import { getStore } from "@/db/app-store";
import { requestLink } from "@/notify/send-link";
import { lookupErrors } from "@/lookup/input-errors";
import { accountWords } from "@/http/lookup-http";
import { translator } from "@/i18n/translate";

// The previous state is not read: only its form is checked, not the account's answer it may carry.
const previousState = z.looseObject({ status: z.enum(["idle", "answer", "no-list", "invalid", "limited", "not-found"]) });
const lookupArgs = z.tuple([key, previousState, formWith({ accountId: textField, requestIds: textField })]);

/** The request-id form's way in: the same gate as the API, so the same limits and the same answers. */
async function lookup(slug: string, _previous: unknown, form: FormData): Promise<LookupState> {
  const typed = { accountId: sentText(form, "accountId"), requestIds: sentText(form, "requestIds") };
  const { ids, lines } = requestIdLines(typed.requestIds);
  const result = await runLookup(slug, { accountId: typed.accountId, requestIds: ids }, await headers());
  const locale = await getLocale();
  switch (result.kind) {
    case "answer":
      return { status: "answer", typed, answer: result.answer };
    case "invalid":
      return { status: "invalid", typed, errors: onLines(lookupErrors(locale, result.errors, await accountWords(slug, locale)), lines) };
    case "proof-required":
    case "link-refused":
      // The form always sends request ids, so it proves something or is invalid; never an empty answer.
      return { status: "invalid", typed, errors: [{ field: "requestIds", message: translator(locale)("lookup.errors.needIds") }] };
    case "not-found":
      return { status: "not-found", typed };
    case "no-list":
      return { status: "no-list", typed, list: result.list };
    case "limited":
      answerFormWith(429, { "retry-after": String(result.decision.retryAfterSeconds) });
      return { status: "limited", typed, retryAfterSeconds: result.decision.retryAfterSeconds };
  }
}

export const lookupAction = serverAction(lookupArgs, lookup, { status: "idle" });

const sendLinkArgs = z.tuple([key, z.looseObject({ status: z.enum(["idle", "asked", "invalid", "limited", "not-found"]) }), formWith({ email: textField })]);

/** "Send me my link": the same answer for every address; the link goes only to the contact the notice went to. */
async function sendLink(slug: string, _previous: unknown, form: FormData): Promise<SendLinkState> {
  const typed = sentText(form, "email");
  const locale = await getLocale();
  const answer = await requestLink(getStore(), { slug, address: typed, headers: await headers(), secret: appLookupSecret(), locale });
  switch (answer.kind) {
    case "asked":
      return { status: "asked" };
    case "invalid":
      answerFormWith(400);
      return { status: "invalid", message: locale === "en" ? answer.message : translator(locale)("lookup.sendLink.invalid"), typed };
    case "limited":
      answerFormWith(429, { "retry-after": String(answer.retryAfterSeconds) });
      return { status: "limited", retryAfterSeconds: answer.retryAfterSeconds, typed };
    case "not-found":
      return { status: "not-found" };
  }
}

export const sendLinkAction = serverAction(sendLinkArgs, sendLink, { status: "idle" });
