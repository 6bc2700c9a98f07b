"use server";

import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { z } from "zod";
import type { SubscribeState } from "@/components/subscribe/subscribe-state";
import { getStore } from "@/db/app-store";
import { answerFormWith, formWith, sentText, serverAction, textField } from "@/http/form-action";
import { requestSignUp } from "@/notify/sign-up";

const previousState = z.looseObject({ status: z.enum(["idle", "asked", "invalid", "limited"]) });
const args = z.tuple([previousState, formWith({ channel: z.enum(["email", "webhook"]), address: textField, incident: textField })]);

/** A reader's sign-up, from the incident page's form or the sign-up page's: the same answer for every address. */
async function subscribe(_previous: unknown, form: FormData): Promise<SubscribeState> {
  const address = sentText(form, "address");
  const incident = sentText(form, "incident");
  const channel = sentText(form, "channel") === "webhook" ? "webhook" : "email";
  // Every message to the subscriber is written in the language of the page they signed up on.
  const answer = await requestSignUp(getStore(), { channel, address, incident: incident === "" ? null : incident, locale: await getLocale() }, await headers());
  switch (answer.kind) {
    case "asked":
      return { status: "asked", channel: answer.channel, secret: answer.secret };
    case "invalid":
      answerFormWith(400);
      return { status: "invalid", field: answer.refusal.field, message: answer.refusal.message, typed: { address } };
    case "limited":
      answerFormWith(429, { "retry-after": String(answer.retryAfterSeconds) });
      return { status: "limited", retryAfterSeconds: answer.retryAfterSeconds, typed: { address } };
  }
}

export const subscribeAction = serverAction(args, subscribe, { status: "idle" });
