import { z } from "zod";
import { type Collection, COLLECTION_NAMES, collectionOf } from "@/domain/record/collections";
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, type Locale } from "@/i18n/locales";

/** The editor's pages of one incident, in the order an author fills them: sources before what cites them. */
export const SECTION_COLLECTIONS: readonly Collection[] = ["sources", ...COLLECTION_NAMES.filter((c) => c !== "sources")];

/** A collection's page or the affected list's: the segment after the incident's editor address. */
export const sectionParam = z.enum([...COLLECTION_NAMES, "affected"]);
export type Section = "incident" | z.infer<typeof sectionParam> | "notices" | "history" | "publish" | `translations/${Locale}`;

export const sectionHref = (slug: string, section: Section) => `/editor/incidents/${slug}${section === "incident" ? "" : `/${section}`}`;

export type SectionCounts = { items: Record<Collection, number>; affectedRows: number | null };

export type SectionLink = { section: Section; label: string; count: string | null };

/** The outline the editor's pages share: each page with what it holds. */
export function sectionLinks(counts: SectionCounts): SectionLink[] {
  return [
    { section: "incident", label: "The incident", count: null },
    ...SECTION_COLLECTIONS.map((c) => ({ section: c, label: collectionOf(c).names.many, count: String(counts.items[c]) })),
    { section: "affected", label: "Affected list", count: counts.affectedRows === null ? "none" : String(counts.affectedRows) },
    // The record in each other language, named as the language names itself (translation-rows.ts).
    ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => ({ section: `translations/${l}` as const, label: LOCALE_NAMES[l], count: null })),
    { section: "notices", label: "Notices", count: null },
    { section: "history", label: "History", count: null },
  ];
}
