"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { SignInState } from "@/components/auth/signin-state";
import { safeNextPath, startSession } from "@/http/auth";
import { actionBegins, answerFormWith } from "@/http/form-action";
import { getDb } from "@/db/client";
import { attemptSignIn } from "./attempt";
import { keepDevice, sentDevice } from "./device";

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  await actionBegins();
  const credentials = { email: field(form, "email"), password: field(form, "password") };
  const result = await attemptSignIn(getDb(), credentials, await headers(), { device: await sentDevice() });
  if (result.kind === "throttled") await answerFormWith(429, { "retry-after": String(result.retryAfterSeconds) });
  if (result.kind !== "signed-in") return { status: "refused", message: result.message };
  await startSession(result.user.id);
  await keepDevice(result.device);
  redirect(safeNextPath(field(form, "next")));
}
