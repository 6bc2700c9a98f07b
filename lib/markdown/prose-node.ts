// What prose becomes, without the parser that makes it: a page's script may draw a tree it is given.

/** The only elements prose ever becomes. */
export type ProseTag = "p" | "br" | "ul" | "ol" | "li" | "em" | "strong" | "code" | "pre" | "blockquote" | "a";
export type ProseElement = { tag: ProseTag; href?: string; start?: number; children: ProseNode[] };
export type ProseSlot = { slot: true };
export type ProseNode = string | ProseElement | ProseSlot;

/** Links to other sites pass no referrer, no opener and no endorsement. */
export const LINK_REL = "nofollow noopener noreferrer";

export const isSlot = (node: ProseNode): node is ProseSlot => typeof node !== "string" && "slot" in node;
