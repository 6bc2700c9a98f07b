import type { Inline } from "./ast";
import { proseBlocks } from "./prose";

function inlinePlain(node: Inline): string {
  switch (node.type) {
    case "text":
    case "code":
      return node.value;
    case "emphasis":
    case "strong":
    case "link":
      return node.children.map(inlinePlain).join("");
    case "break":
      return " ";
    case "slot":
      return "";
  }
}

/** A prose field as one line of plain text, for a title, a meta description, an attribute or a feed. */
export function prosePlain(src: string): string {
  return proseBlocks(src, { inline: true })
    .flatMap((b) => (b.type === "paragraph" ? b.children.map(inlinePlain) : []))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}
