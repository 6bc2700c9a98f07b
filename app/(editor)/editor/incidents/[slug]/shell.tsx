import type { ReactNode } from "react";
import { EditorShell } from "@/components/editor/editor-shell";
import type { Section } from "@/components/editor/sections";
import { publishAction } from "../../actions";
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
