"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { formWith, serverAction } from "@/http/form-action";
import { endSession, SIGNIN_PATH } from "@/http/auth";
import { getLocale } from "next-intl/server";
import { localized } from "@/i18n/locales";

/** POST only (a server action): a link or an image cannot sign anyone out. */
export const signOutAction = serverAction(
  z.tuple([formWith({})]),
  async (): Promise<void> => {
    await endSession();
    redirect(localized(await getLocale(), SIGNIN_PATH));
  },
  undefined,
);
