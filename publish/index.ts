// The export renderers: pure functions from IncidentDocument to the bytes of each published file.
export { renderAtomFeed, type AtomOptions } from "./atom";
export { escapeHtml, escapeMarkdown, escapeXml } from "@/lib/escape";
export { renderIncidentHtml } from "./html";
export { renderIndexHtml, type IndexOptions } from "./index-page";
export { renderMarkdown } from "./markdown";
export { SECTIONS, type RenderOptions, type TokenLine } from "./model";
