"use server";

import { actionBegins } from "@/http/form-action";
import { redirect } from "next/navigation";
import { endSession, SIGNIN_PATH } from "@/http/auth";

/** POST only (a server action): a link or an image cannot sign anyone out. */
export async function signOutAction(): Promise<void> {
  await actionBegins();
  await endSession();
  redirect(SIGNIN_PATH);
}
