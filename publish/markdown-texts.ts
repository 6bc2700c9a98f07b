import { noteOf } from "@/domain/record/translation-overlay";
import { ownText } from "@/domain/record/translation";
import { translator } from "@/i18n/translate";
import { mdLine, mdProse } from "./markdown-kit";

/**
 * What the page says of a text's language, in Markdown (record-text.tsx on the page): a
 * translation says from what, a quote's original follows it, a text not yet translated says so.
 */
function said(of: object, field: string): string {
  const note = noteOf(of, field);
  if (!note || note.state === "own") return "";
  if (note.state === "fallback") return ` *(${translator(note.page)("recordLanguages.fallback", { lang: note.lang })})*`;
  const t = translator(note.lang);
  if (note.quote) return ` (${t("recordLanguages.quoteOriginal", { lang: note.from })}: ${mdLine(note.original)})`;
  return ` *(${t("recordLanguages.translatedFrom", { from: note.from })})*`;
}

/** One of the record's prose texts on one line, with what is said of its language. */
export const mdText = (of: object, field: string, after = ""): string => `${mdLine(ownText(of, field) ?? "", after)}${said(of, field)}`;

/** One of the record's prose texts as blocks, what is said of its language in a line of its own. */
export const mdTextBlock = (of: object, field: string, after = ""): string => {
  const note = said(of, field).trim();
  return `${mdProse(ownText(of, field) ?? "", after)}${note ? `\n\n${note}` : ""}`;
};
