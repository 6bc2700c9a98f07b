"use server";

import { redirect } from "next/navigation";
import { endSession, SIGNIN_PATH } from "@/http/auth";

/** POST only (a server action): a link or an image cannot sign anyone out. */
export async function signOutAction(): Promise<void> {
  await endSession();
  redirect(SIGNIN_PATH);
}
