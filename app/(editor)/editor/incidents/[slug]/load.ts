import "server-only";
import { notFound } from "next/navigation";
import type { Choices } from "@/components/editor/item-field";
import { type Section, type SectionCounts, sectionPath } from "@/components/editor/sections";
import { readForEditing } from "@/db/read/editor";
import { DomainError } from "@/domain/errors";
import { perCollection } from "@/domain/record/collections";
import { requireUser } from "@/http/auth";
import { formatPreciseTimeShort } from "@/lib/precise-time";

export type EditorView = Awaited<ReturnType<typeof readForEditing>>;

/** An editor page's incident, for the signed-in editor (others go to sign in first); 404 for one there is not. */
export async function loadForEditor(slug: string, section: Section): Promise<EditorView> {
  await requireUser({ next: sectionPath(slug, section) });
  try {
    return await readForEditing(slug);
  } catch (error) {
    if (error instanceof DomainError) notFound();
    throw error;
  }
}

export const countsOf = (view: EditorView): SectionCounts => ({
  items: perCollection((c) => view.items[c].length),
  affectedRows: view.affected ? view.affected.summary.total : null,
});

/** What the item forms offer to pick from: the incident's events, durations and sources. */
export const choicesOf = (view: EditorView): Choices => ({
  events: view.record.events.map((e) => ({ value: e.key, label: `${e.key} (${formatPreciseTimeShort(e)})` })),
  durations: view.record.durations.map((d) => ({ value: d.key, label: `${d.key}: ${d.label}` })),
  hasList: view.affected !== null,
  sources: view.record.sources.map((s) => ({ value: String(s.number), label: `[${s.number}] ${s.title} (${s.publisher})` })),
});
