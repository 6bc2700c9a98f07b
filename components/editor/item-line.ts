import type { Collection } from "@/domain/record/collections";
import { formatPreciseTimeShort, type PreciseTime } from "@/lib/precise-time";

type Item = Record<string, unknown>;
const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const cited = (item: Item) => (Array.isArray(item.cites) && item.cites.length ? ` [${item.cites.join(", ")}]` : "");

/** One line that tells the editor which item this is, in the list above its edit form. */
export function itemLine(collection: Collection, item: Item): string {
  switch (collection) {
    case "events":
      return `${formatPreciseTimeShort(item as unknown as PreciseTime)} · ${s(item.phase)} · ${s(item.title)}${cited(item)}`;
    case "sources":
      return `[${s(item.number)}] ${s(item.title)} — ${s(item.publisher)}, ${s(item.publishedOn)}`;
    case "figures":
      return `${s(item.value)}${item.unit ? ` ${s(item.unit)}` : ""} · ${s(item.label)}${cited(item)}`;
    case "durations":
      return `${s(item.label)} · ${s(item.countedBy)} · ${s(item.kind)}${item.contests ? ` · contests ${s(item.contests)}` : ""}${cited(item)}`;
    case "findings":
      return `${s(item.assessor)}, ${s(item.assessedOn)}: ${s(item.statement)}${cited(item)}`;
    case "reactions":
      return `${s(item.who)}${item.affiliation ? ` (${s(item.affiliation)})` : ""}: ${s(item.statement)}${cited(item)}`;
    case "recommendations":
      return `${s(item.audience)} · ${s(item.status)}: ${s(item.text)}${cited(item)}`;
    case "context":
      return `${s(item.topic)}: ${s(item.statement)}${cited(item)}`;
  }
}

/** A short name for an item inside a button or summary label. */
export function itemName(collection: Collection, item: Item): string {
  const name = s(item.title ?? item.label ?? item.topic ?? item.who ?? item.assessor ?? item.key ?? item.text);
  return collection === "sources" ? `[${s(item.number)}] ${name}` : name;
}
