"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { SignInState } from "@/components/auth/signin-state";
import { safeNextPath, startSession } from "@/http/auth";
import { getDb } from "@/db/client";
import { attemptSignIn } from "./attempt";

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const credentials = { email: field(form, "email"), password: field(form, "password") };
  const result = await attemptSignIn(getDb(), credentials, await headers());
  if (result.kind === "refused") return { status: "refused", message: result.message };
  await startSession(result.user.id);
  redirect(safeNextPath(field(form, "next")));
}
