import type { ReactNode } from "react";
import { type Translator, translator } from "@/i18n/translate";
import { type FetchedText, type RecordLanguages, noteOf } from "@/domain/record/translation-overlay";
import { ownText } from "@/domain/record/translation";
import { LOCALES, type Locale, localized } from "@/i18n/locales";
import { FetchedOriginals } from "./fetched-original";
import { Prose } from "./prose";

type Props = { of: object; field: string; after?: ReactNode; className?: string };

/**
 * One of the record's prose texts as the reader's language has it (translation-overlay.ts): a
 * translation says so, its original one click away (a <details>: the text, or on a published
 * incident's page fetched when opened, fetched-original.tsx) or, for a quote, beside it; a text not yet translated is shown as written, in its own `lang`, and says so.
 */
export function RecordText({ of, field, after, className }: Props) {
  const text = ownText(of, field) ?? "";
  const note = noteOf(of, field);
  if (!note || note.state === "own") return <Prose text={text} after={after} className={className} />;
  // The note knows the page's language, so the exported HTML says the same without a provider.
  const t = translator(note.state === "fallback" ? note.page : note.lang);
  if (note.state === "fallback") {
    return (
      <div className="rt">
        <div lang={note.lang}>
          <Prose text={text} after={after} className={className} />
        </div>
        <p className="rt-label">{t("recordLanguages.fallback", { lang: note.lang })}</p>
      </div>
    );
  }
  if (note.quote) {
    return (
      <div className="rt rt-quote">
        <div>
          <p className="rt-label">{t("recordLanguages.quoteTranslation")}</p>
          <Prose text={text} after={after} className={className} />
        </div>
        <blockquote lang={note.from}>
          <p className="rt-label">{t("recordLanguages.quoteOriginal", { lang: note.from })}</p>
          <Prose text={note.original} />
        </blockquote>
      </div>
    );
  }
  return (
    <div className="rt">
      <Prose text={text} after={after} className={className} />
      <details className="rt-original" data-original={typeof note.original === "string" ? undefined : note.original.at}>
        <summary>{t("recordLanguages.translatedFrom", { from: note.from })}</summary>
        <Original original={note.original} from={note.from} t={t} />
      </details>
    </div>
  );
}

/** What a translation's <details> opens onto: its original, carried or fetched. */
function Original({ original, from, t }: { original: string | FetchedText; from: Locale; t: Translator }) {
  if (typeof original === "string") {
    return (
      <div lang={from}>
        <p className="rt-label">{t("recordLanguages.original", { lang: from })}</p>
        <Prose text={original} />
      </div>
    );
  }
  // Without a script, the link is the way to the original; with one, the text is fetched in its place.
  return (
    <a href={localized(from, `/incidents/${original.slug}`)} hrefLang={from}>
      {t("recordLanguages.originalOnPage", { lang: from })}
    </a>
  );
}

/**
 * A short text of the record inside a sentence (a name, a label, a note in a table cell): in its
 * own `lang` when that is not the page's, and said to be not yet translated. A translated one is
 * covered by the record's note on its languages (RecordLanguagesNote): a <details> cannot sit in a sentence.
 */
export function RecordWords({ of, field, markdown = false }: { of: object; field: string; markdown?: boolean }) {
  const text = ownText(of, field) ?? "";
  const note = noteOf(of, field);
  const shown = markdown ? <Prose text={text} inline /> : text;
  return note?.state === "fallback" ? <Fallback shown={shown} lang={note.lang} page={note.page} /> : <>{shown}</>;
}

/** Words shown in a language other than the page's: in their own `lang`, said to be not yet translated. */
function Fallback({ shown, lang, page }: { shown: ReactNode; lang: Locale; page: Locale }) {
  return (
    <>
      <span lang={lang}>{shown}</span> <span className="rt-label">({translator(page)("recordLanguages.fallback", { lang })})</span>
    </>
  );
}

/** A text with no translation of its own (the affected list's note), inline: in its own `lang` and said to be not yet translated when that is not the page's. */
export function UntranslatedText({ text, lang, page }: { text: string; lang: Locale | null; page: Locale }) {
  const shown = <Prose text={text} inline />;
  return lang ? <Fallback shown={shown} lang={lang} page={page} /> : shown;
}

/** What the page says of its record's languages, above its sections: how many texts are translated, from what, and how many are not yet. */
export function RecordLanguagesNote({ languages }: { languages: RecordLanguages | null }) {
  if (!languages) return null;
  const t = translator(languages.page);
  const { fetched } = languages;
  const words = fetched && {
    label: Object.fromEntries(LOCALES.map((l) => [l, t("recordLanguages.original", { lang: l })])),
    loading: t("recordLanguages.loadingOriginal"),
    failed: t("recordLanguages.originalFailed"),
    changed: t("recordLanguages.originalChanged"),
  };
  return (
    <p className="rt-record small muted">
      {languages.translated > 0 && languages.from && t("recordLanguages.recordTranslated", { count: languages.translated, from: languages.from })}{" "}
      {languages.fallbacks > 0 && t("recordLanguages.recordFallbacks", { count: languages.fallbacks })}{" "}
      {languages.shapeFrom && t("recordLanguages.shapeTranslated", { from: languages.shapeFrom })}
      {fetched && words && <FetchedOriginals src={`/incidents/${fetched.slug}/incident.json`} updatedAt={fetched.updatedAt} words={words} />}
    </p>
  );
}
