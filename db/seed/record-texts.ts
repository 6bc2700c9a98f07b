import type { IncidentRecord } from "@/domain/record/record";

/** Every string of a record with where it is ("events.3.detail"), so a test can say which statement is at fault. */
export function recordTexts(record: IncidentRecord): Array<[where: string, text: string]> {
  const out: Array<[string, string]> = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === "string") out.push([where, value]);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}.${i}`));
    else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, where ? `${where}.${k}` : k);
  };
  walk(record, "");
  return out;
}
