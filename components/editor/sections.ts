import { z } from "zod";
import { type Collection, COLLECTION_NAMES } from "@/domain/record/collections";
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, type Locale, localized } from "@/i18n/locales";

/** The editor's pages of one incident, in the order an author fills them: sources before what cites them. */
export const SECTION_COLLECTIONS: readonly Collection[] = ["sources", ...COLLECTION_NAMES.filter((c) => c !== "sources")];

/** A collection's page or the affected list's: the segment after the incident's editor address. */
export const sectionParam = z.enum([...COLLECTION_NAMES, "affected"]);
export type Section = "incident" | z.infer<typeof sectionParam> | "notices" | "history" | "publish" | `translations/${Locale}`;

/** A section's path without a language's prefix (what requireUser takes). */
export const sectionPath = (slug: string, section: Section) => `/editor/incidents/${slug}${section === "incident" ? "" : `/${section}`}`;
/** A section's address in the page's language: links keep it. */
export const sectionHref = (slug: string, section: Section, locale: Locale) => localized(locale, sectionPath(slug, section));

export type SectionCounts = { items: Record<Collection, number>; affectedRows: number | null };

/** A page of the outline: its words by catalogue key, and what it holds (null: nothing to count; "none": no list). */
export type SectionLink = { section: Section; label: string; values?: Record<string, string>; count: number | "none" | null };

/**
 * The outline the editor's pages share, in order: each page with what it holds. A new section (a
 * page of its own under [slug]) is one entry here, its words one key under editor.sections.
 */
export function sectionLinks(counts: SectionCounts): SectionLink[] {
  return [
    { section: "incident", label: "editor.sections.incident", count: null },
    ...SECTION_COLLECTIONS.map((c) => ({ section: c, label: `editor.collections.${c}.many`, count: counts.items[c] })),
    { section: "affected", label: "editor.sections.affected", count: counts.affectedRows ?? "none" },
    // The record in each other language, named as the language names itself (translation-rows.ts).
    ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => ({ section: `translations/${l}` as const, label: "editor.sections.translation", values: { lang: LOCALE_NAMES[l] }, count: null })),
    { section: "notices", label: "editor.sections.notices", count: null },
    { section: "history", label: "editor.sections.history", count: null },
  ];
}
