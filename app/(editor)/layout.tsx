import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { CATALOGUES, clientMessages } from "@/i18n/catalogue";

/**
 * The editor's and the sign-in's forms check and speak in the browser: their areas travel with
 * these pages only, not with every public page (the root layout gives the common ones).
 */
export default async function EditorLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const { editor, auth, validation } = CATALOGUES[locale];
  return <NextIntlClientProvider messages={{ ...clientMessages(locale), editor, auth, validation }}>{children}</NextIntlClientProvider>;
}
