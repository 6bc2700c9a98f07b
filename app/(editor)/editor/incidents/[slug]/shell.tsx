import type { ReactNode } from "react";
import { EditorShell } from "@/components/editor/editor-shell";
import type { Choices } from "@/components/editor/item-field";
import { QuickSource } from "@/components/editor/quick-source";
import type { Section } from "@/components/editor/sections";
import { collectionOf } from "@/domain/record/collections";
import { addItemAction, publishAction } from "../../actions";
import { countsOf, type EditorView } from "./load";

/** The editor's frame of one incident around a section's page. */
export function Shell({ view, current, children }: { view: EditorView; current: Section; children: ReactNode }) {
  return (
    <EditorShell
      slug={view.slug}
      title={view.incident.title}
      published={view.published}
      version={view.version}
      updatedAt={view.updatedAt}
      counts={countsOf(view)}
      current={current}
      unpublish={publishAction.bind(null, view.slug, false)}
    >
      {children}
    </EditorShell>
  );
}

/** "Add a source without leaving this page": open while the incident has no source, its number the next free one. */
export function AddSource({ view, choices }: { view: EditorView; choices: Choices }) {
  return (
    <QuickSource
      action={addItemAction.bind(null, view.slug, "sources")}
      version={view.version}
      choices={choices}
      start={collectionOf("sources").next?.(view.items.sources)}
      open={choices.sources.length === 0}
    />
  );
}
