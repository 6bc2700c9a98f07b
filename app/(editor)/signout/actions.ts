"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { formWith, serverAction } from "@/http/form-action";
import { endSession, SIGNIN_PATH } from "@/http/auth";

/** POST only (a server action): a link or an image cannot sign anyone out. */
export const signOutAction = serverAction(
  z.tuple([formWith({})]),
  async (): Promise<void> => {
    await endSession();
    redirect(SIGNIN_PATH);
  },
  undefined,
);
