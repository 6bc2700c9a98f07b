import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { type ReactNode, Suspense } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageLinks } from "@/components/i18n/language-links";
import { LanguageOffer, type OfferWords } from "@/components/i18n/language-offer";
import { readEnv } from "@/config/env";
import { clientMessages } from "@/i18n/catalogue";
import { LOCALES, type Locale, localized } from "@/i18n/locales";
import { translator } from "@/i18n/translate";
import "./globals.css";
import "@/components/record/record.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.site");
  const locale = await getLocale();
  return {
    title: { default: t("name"), template: `%s · ${t("name")}` },
    description: t("description"),
    alternates: { types: { "application/atom+xml": [{ url: localized(locale, "/feed.xml"), title: t("feedTitle") }] } },
  };
}

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0f172a" },
  ],
};

/** The offer of another language, in that language's own words. */
const offerWords = () =>
  Object.fromEntries(
    LOCALES.map((l) => {
      const t = translator(l);
      return [l, { text: t("common.offer.text"), follow: t("common.offer.follow"), stay: t("common.offer.stay"), label: t("common.offer.label") }];
    }),
  ) as Record<Locale, OfferWords>;

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations("common.site");
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-(--bg) font-sans text-(--ink) antialiased">
        <NextIntlClientProvider messages={clientMessages(locale)}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-slate-900 focus:px-3 focus:py-2 focus:text-white"
          >
            {t("skip")}
          </a>
          <header className="border-b border-slate-200 dark:border-slate-800">
            <nav aria-label={t("nav")} className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
              <Link href={localized(locale, "/")} className="font-semibold tracking-tight hover:underline">
                {t("name")}
              </Link>
              <span className="text-sm text-slate-600 dark:text-slate-400">{t("tagline")}</span>
              <Suspense>
                <LanguageLinks locale={locale} origin={readEnv().PUBLIC_ORIGIN ?? null} />
              </Suspense>
            </nav>
          </header>
          <Suspense>
            <LanguageOffer locale={locale} words={offerWords()} />
          </Suspense>
          <main id="main" className="mx-auto max-w-6xl px-4 py-8">
            {children}
          </main>
          <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">{t("footer")}</footer>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
