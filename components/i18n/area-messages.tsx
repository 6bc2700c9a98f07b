import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { type Messages, clientMessagesWith } from "@/i18n/catalogue";

/** The client components inside get these areas beside every page's: only the pages that use them send them. */
export async function AreaMessages({ areas, children }: { areas: ReadonlyArray<keyof Messages>; children: ReactNode }) {
  const locale = await getLocale();
  return <NextIntlClientProvider messages={clientMessagesWith(locale, areas)}>{children}</NextIntlClientProvider>;
}
