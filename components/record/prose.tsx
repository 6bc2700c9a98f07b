import type { ReactNode } from "react";
import { proseTree } from "@/lib/markdown/tree";
import { proseElements } from "./prose-nodes";

/**
 * A prose field's Markdown as React elements: no raw HTML, links only to http, https or mailto. Block
 * mode wraps paragraphs and lists in a div.md (styled by record.css, so it never sits inside a <p>);
 * inline mode gives phrasing content for a sentence or a table cell. `after` (citation marks) ends
 * the last paragraph.
 */
export function Prose({ text, inline = false, after, className }: { text: string; inline?: boolean; after?: ReactNode; className?: string }) {
  const nodes = proseElements(proseTree(text, { inline, slot: after !== undefined }), after);
  return inline ? <>{nodes}</> : <div className={className ? `md ${className}` : "md"}>{nodes}</div>;
}
