"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { type Locale, isLocale, localized } from "@/i18n/locales";
import { useHere } from "./language-links";

/** What the offer says, in the language it offers (its reader may not read the page's). */
export type OfferWords = { text: string; follow: string; stay: string; label: string };

/** The first language the browser asks for that the site speaks, if any. */
function wanted(): Locale | null {
  for (const tag of navigator.languages) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** Where the browser keeps that it has been offered a language: once is enough. */
const OFFERED_KEY = "aftermath.language-offered";

// Read once per load of the page, so the offer stays (until answered) on the pages this visit opens
// without a reload, though the visit is stored as seen at once.
let seenAtLoad: boolean | undefined;
function seen(): boolean {
  if (seenAtLoad === undefined) {
    try {
      seenAtLoad = window.localStorage.getItem(OFFERED_KEY) !== null;
    } catch {
      seenAtLoad = true; // Storage refused: offering on every page would nag, so do not offer.
    }
  }
  return seenAtLoad;
}

function markSeen(): void {
  try {
    window.localStorage.setItem(OFFERED_KEY, "1");
  } catch {}
}

const noChange = () => () => {};

/**
 * On a first visit, when the browser asks for another language the site speaks, one line offers
 * this page in it. Only a suggestion, in the browser: the address's answer is the same for
 * everyone, so the page cache stays keyed by path. Offered once: answered or not, it does not come back.
 */
export function LanguageOffer({ locale, words }: { locale: Locale; words: Record<Locale, OfferWords> }) {
  const here = useHere(locale);
  const [answered, setAnswered] = useState(false);
  const other = useSyncExternalStore(noChange, () => (seen() ? null : wanted()), () => null);
  useEffect(markSeen, []);
  if (answered || !other || other === locale) return null;
  const w = words[other];
  return (
    <aside data-language-offer lang={other} aria-label={w.label} className="border-b border-amber-300 bg-amber-50 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
        <span>{w.text}</span>
        <a href={localized(other, here)} hrefLang={other} className="font-semibold underline">
          {w.follow}
        </a>
        <button type="button" onClick={() => setAnswered(true)} className="underline">
          {w.stay}
        </button>
      </p>
    </aside>
  );
}
