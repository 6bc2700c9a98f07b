"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import type { EditorState } from "@/components/editor/editor-state";
import { type TranslationRow, translationGroups } from "@/components/editor/translation-rows";
import { getStore } from "@/db/app-store";
import { readIncident } from "@/db/read/incident";
import { setTranslations } from "@/db/write/translations";
import { DomainError } from "@/domain/errors";
import { key, positiveDecimalText } from "@/domain/record/common";
import { localeSchema } from "@/domain/record/translation";
import type { Locale } from "@/i18n/locales";
import { requireUser } from "@/http/auth";
import { formWith, serverAction } from "@/http/form-action";
import { REFUSED, editorState } from "./action-args";

const ARGS = z.tuple([key, localeSchema, editorState, formWith({ version: positiveDecimalText })]);

const sent = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** What the form changes of what is stored: each box that differs, an emptied one as a clearing. */
function changesOf(form: FormData, rows: ReadonlyMap<string, TranslationRow>): Array<{ name: string; change: Record<string, unknown> }> {
  return [...form.keys()].flatMap((field) => {
    if (!field.startsWith("t.")) return [];
    const name = field.slice(2);
    const [subject = "", id = "", column = ""] = name.split(".");
    const text = sent(form, field) || null;
    const original = form.get(`o.${name}`) === "on";
    const quote = form.get(`q.${name}`) === "on";
    const stored = rows.get(name)?.entry ?? null;
    const same = text === null ? stored === null : stored !== null && stored.text === text && stored.original === original && stored.quote === quote;
    if (same) return [];
    // The verb parses it as it parses the API's body, and says what it refuses.
    return [{ name, change: { subject, ...(subject === "incident" || subject === "shape" ? {} : { id: Number(id) }), field: column, text, original, quote } }];
  });
}

async function save(slug: string, locale: Locale, _previous: EditorState, form: FormData): Promise<EditorState> {
  const user = await requireUser({ next: `/editor/incidents/${slug}/translations/${locale}` });
  const t = await getTranslations("recordLanguages.editor");
  const stored = await readIncident(getStore(), slug, { drafts: true, translations: "all" });
  if (!stored) return { status: "error", message: `There is no incident "${slug}".`, errors: [] };
  const groups = translationGroups(stored.record, stored.ids, stored.id, stored.translations[locale] ?? {}, { incident: "", shape: "" });
  const rows = new Map(groups.flatMap((g) => g.parts.flatMap((p) => p.rows.map((r) => [r.name, r] as const))));
  const changes = changesOf(form, rows);
  if (changes.length === 0) return { status: "saved", message: t("unchanged") };
  try {
    const actor = { kind: "user", id: user.id, email: user.email, role: user.role } as const;
    const done = await setTranslations({ store: getStore(), actor, slug, locale, input: { version: Number(sent(form, "version")), entries: changes.map((c) => c.change) } });
    revalidatePath(`/editor/incidents/${slug}`, "layout");
    return { status: "saved", message: t("saved", { count: changes.length }), version: done.version };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const errors = (error.details.errors ?? []).map((e) => ({ field: changes[Number(e.field.replace(/^entries\./, ""))]?.name ?? e.field, message: e.message }));
    return { status: "error", message: error.message, errors };
  }
}

/** The translation page's one save: every box that differs from what is stored, through the one verb. */
export const setTranslationsAction = serverAction(ARGS, save, REFUSED);
