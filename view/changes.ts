import { z } from "zod";
import type { AuditAction } from "@/domain/audit";
import { isCollection } from "@/domain/record/collections";
import { INCIDENT_LABELS } from "@/domain/record/incident";
import type { Locale } from "@/i18n/locales";
import type { Translator } from "@/i18n/translate";
import { translationChangeLine } from "./translation-changes";
import { wording } from "./words";

/** An audit entry as readers may learn of it: when, what kind, and the incident's fields before and after (never who). */
export type PublicEntry = { at: string; action: AuditAction; entity: string; before: string | null; after: string | null };

/** The enumerations say their new value, as the page does; the other fields are named as the form labels them. */
const SAID: Record<string, (value: unknown, t: Translator) => string> = {
  status: (v, t) => t("public.changes.status", { status: String(v) }),
  severity: (v, t) => t("public.changes.severity", { severity: v === null ? "unrated" : String(v) }),
  isAttack: (v, t) => t("public.changes.attack", { answer: v === null ? "unknown" : v ? "yes" : "no" }),
};

const fields = z.record(z.string(), z.unknown());
const parsed = (json: string | null) => fields.safeParse(json === null ? null : JSON.parse(json)).data ?? {};

/** "Status: resolved; Title changed": the fields an edit of the incident changed, in readers' words. */
function incidentChange(entry: PublicEntry, t: Translator): string {
  const before = parsed(entry.before);
  const after = parsed(entry.after);
  const changed = Object.keys(after).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  const said = changed.flatMap((name) => {
    const enumerated = SAID[name];
    if (enumerated) return [enumerated(after[name], t)];
    return Object.hasOwn(INCIDENT_LABELS, name) ? [t("public.changes.field", { field: name })] : [];
  });
  return said.length ? said.join("; ") : t("public.changes.details");
}

function itemsChange(entity: string, action: AuditAction, count: number, t: Translator): string {
  if (!isCollection(entity)) return entity === "affected" ? t("public.changes.affected", { action }) : t("public.changes.other", { entity, action });
  return t(count === 1 ? "public.changes.one" : "public.changes.many", { collection: entity, action, count });
}

/**
 * What readers see of the history, oldest first: when, and what changed in their words ("Status:
 * resolved", "2 events added"); edits of one kind in a row are one line, at the last one's time.
 */
export function publicChangeLines(entries: readonly PublicEntry[], locale: Locale): Array<{ at: string; summary: string }> {
  const { t } = wording(locale);
  const lines: Array<{ at: string; summary: string; run?: { entity: string; action: AuditAction; count: number } }> = [];
  for (const e of entries) {
    const translated = translationChangeLine(e, locale);
    if (translated) {
      lines.push({ at: e.at, summary: translated });
      continue;
    }
    if (e.entity === "incident") {
      lines.push({ at: e.at, summary: e.action === "update" ? incidentChange(e, t) : t("public.changes.incident", { action: e.action }) });
      continue;
    }
    const last = lines.at(-1);
    if (last?.run && last.run.entity === e.entity && last.run.action === e.action) {
      last.run.count += 1;
      last.at = e.at;
      last.summary = itemsChange(e.entity, e.action, last.run.count, t);
    } else {
      lines.push({ at: e.at, summary: itemsChange(e.entity, e.action, 1, t), run: { entity: e.entity, action: e.action, count: 1 } });
    }
  }
  return lines.map(({ at, summary }) => ({ at, summary }));
}
