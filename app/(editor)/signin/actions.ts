"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { SignInState } from "@/components/auth/signin-state";
import { getLocale, getTranslations } from "next-intl/server";
import { DEFAULT_AFTER_SIGNIN, safeNextPath, startSession } from "@/http/auth";
import { localized } from "@/i18n/locales";
import { answerFormWith, formWith, sentText, serverAction, textField } from "@/http/form-action";
import { getStore } from "@/db/app-store";
import { attemptSignIn } from "./attempt";
import { keepDevice, sentDevice } from "./device";

const signInState: z.ZodType<SignInState> = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("idle") }),
  z.strictObject({ status: z.literal("refused"), message: z.string(), email: z.string().max(254).optional() }),
]);
const signInArgs = z.tuple([signInState, formWith({ email: textField, password: textField, next: textField })]);

export const signInAction = serverAction(
  signInArgs,
  async (_previous, form): Promise<SignInState> => {
    const credentials = { email: sentText(form, "email"), password: sentText(form, "password") };
    const result = await attemptSignIn(getStore(), credentials, await headers(), { device: await sentDevice() });
    const locale = await getLocale();
    const t = await getTranslations({ locale, namespace: "auth.signIn" });
    if (result.kind === "throttled") answerFormWith(429, { "retry-after": String(result.retryAfterSeconds) });
    if (result.kind !== "signed-in") {
      const message = result.kind === "throttled" ? t("throttled", { seconds: result.retryAfterSeconds }) : t("wrong");
      return { status: "refused", message, ...(credentials.email.length <= 254 ? { email: credentials.email } : {}) };
    }
    await startSession(result.user.id);
    await keepDevice(result.device);
    redirect(safeNextPath(sentText(form, "next"), localized(locale, DEFAULT_AFTER_SIGNIN)));
  },
  { status: "refused", message: "The form's data could not be used. Reload the page and sign in again." },
);
