"use server";

import { BODY_LIMITS } from "@/http/body-limits";
import { serverAction } from "@/http/form-action";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getLocale } from "next-intl/server";
import { sayIn, wordsIn } from "@/domain/say-in";
import type { Said } from "@/domain/said";
import { domainWords } from "@/http/domain-problem";
import { type Locale, localized } from "@/i18n/locales";
import { z } from "zod";
import type { EditorState } from "@/components/editor/editor-state";
import { requireUser } from "@/http/auth";
import { getStore } from "@/db/app-store";
import { appLookupSecret } from "@/config/secret";
import { importAffectedList } from "@/db/write/affected";
import { setAffectedShape } from "@/db/write/affected-shape";
import { addItem, patchItem, removeItem } from "@/db/write/collections";
import { createIncident, setPublished, updateIncident } from "@/db/write/incident";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { UploadTooLargeError, withSpooledUpload } from "@/http/spool-upload";
import type { Collection } from "@/domain/record/collections";
import { fieldLabel } from "@/components/editor/field-words";
import { changedFields, readItemForm } from "@/components/editor/fields";
import { formValues, incidentFromForm, slugProblems, versionFromForm } from "@/components/editor/form-values";
import { patchOf } from "@/components/editor/changed";
import { EDITOR_ARGS, REFUSED } from "./action-args";

async function editor(next: string): Promise<Actor> {
  const user = await requireUser({ next });
  return { kind: "user", id: user.id, email: user.email, role: user.role };
}

const madeVersion = z.object({ version: z.number().int().positive() });

/** What a save's work gives back when the form differs from the record in nothing: no verb ran. */
const NOTHING = Symbol("nothing changed");

/** The request's language and its words: every answer of an action is said in the language of the page it came from. */
async function words(): Promise<{ locale: Locale; t: (key: string, values?: Record<string, string | number>) => string; said: (s: Said) => string }> {
  const locale = await getLocale();
  const t = wordsIn(locale);
  return { locale, t, said: (s) => sayIn(locale, s) };
}

/** A domain refusal as the form shows it, in `locale`. */
function refusedState(error: DomainError, locale: Locale, form?: FormData): EditorState {
  const { detail, errors } = domainWords(error, locale);
  return { status: "error", message: detail, errors: errors ?? [], ...(form ? { values: formValues(form) } : {}) };
}

/** Runs a verb for the signed-in editor; a refusal comes back to the form, anything else is thrown. */
async function attempt(work: () => Promise<unknown>, message: string, slug: string, form?: FormData): Promise<EditorState> {
  const { locale, t } = await words();
  let done: unknown;
  try {
    done = await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refusedState(error, locale, form);
  }
  if (done === NOTHING) return { status: "saved", message: t("editor.saves.unchanged") };
  revalidatePath(`/editor/incidents/${slug}`, "layout");
  const made = madeVersion.safeParse(done);
  return { status: "saved", message, ...(made.success ? { version: made.data.version } : {}) };
}

export const createIncidentAction = serverAction(
  EDITOR_ARGS.createIncident,
  async (_previous, form): Promise<EditorState> => {
    const actor = await editor("/editor");
    const { locale, t, said } = await words();
    const input = incidentFromForm(form);
    const slug = slugProblems(form).map((p) => ({ field: p.field, message: said(p.said) }));
    if (slug.length) return { status: "error", message: t("editor.saves.fixSlug", { problems: slug.map((p) => p.message).join("; ") }), errors: slug, values: formValues(form) };
    const state = await attempt(() => createIncident({ store: getStore(), actor, input }), t("editor.saves.created"), input.slug, form);
    if (state.status === "saved") redirect(localized(locale, `/editor/incidents/${input.slug}`));
    return state;
  },
  REFUSED,
);

export const updateIncidentAction = serverAction(
  EDITOR_ARGS.updateIncident,
  async (slug, _previous, form): Promise<EditorState> => {
    const actor = await editor(`/editor/incidents/${slug}`);
    const { t } = await words();
    const { slug: _ignored, ...fields } = incidentFromForm(form);
    const changes = patchOf(form, fields);
    if (Object.keys(changes).length === 0) return { status: "saved", message: t("editor.saves.unchanged") };
    return attempt(() => updateIncident({ store: getStore(), actor, slug, input: { ...changes, version: versionFromForm(form) } }), t("editor.saves.saved"), slug, form);
  },
  REFUSED,
);

export const publishAction = serverAction(
  EDITOR_ARGS.publish,
  async (slug, published, _previous, form): Promise<EditorState> => {
    const actor = await editor(`/editor/incidents/${slug}`);
    const { t } = await words();
    return attempt(
      () => setPublished({ store: getStore(), actor, slug, published, input: { version: versionFromForm(form) } }),
      t(published ? "editor.saves.published" : "editor.saves.unpublished"),
      slug,
    );
  },
  REFUSED,
);

/** The item verbs' shared part, once their arguments are checked: the form is read once, its times said back in the banner. */
async function onItem(slug: string, c: Collection, done: "added" | "saved" | "deleted", work: (actor: Actor, item: Record<string, unknown>) => Promise<unknown>, form?: FormData): Promise<EditorState> {
  const actor = await editor(`/editor/incidents/${slug}`);
  const { t, said } = await words();
  const read = form ? readItemForm(c, form) : { item: {}, unread: [], shown: [] };
  // A time the form cannot read is said in the form's words, before any verb sees the text.
  if (read.unread.length) {
    const errors = read.unread.map((p) => ({ field: `item.${p.field}`, message: said(p.said) }));
    return { status: "error", message: errors.map((e) => e.message).join(" "), errors, values: form ? formValues(form) : {} };
  }
  const shown = read.shown.map((s) => t("editor.saves.readBack", { label: fieldLabel(t, s.spec), shown: s.shown }));
  return attempt(() => work(actor, read.item), [t(`editor.collections.${c}.${done}`), ...shown].join(" "), slug, form);
}

export const addItemAction = serverAction(
  EDITOR_ARGS.addItem,
  async (slug, c, _previous, form) => onItem(slug, c, "added", (actor, item) => addItem({ store: getStore(), actor, slug, collection: c, input: { version: versionFromForm(form), item } }), form),
  REFUSED,
);

export const updateItemAction = serverAction(
  EDITOR_ARGS.updateItem,
  async (slug, c, id, _previous, form) =>
    onItem(
      slug,
      c,
      "saved",
      async (actor, item) => {
        const changes = changedFields(c, form, item);
        return Object.keys(changes).length ? patchItem({ store: getStore(), actor, slug, collection: c, id, input: { version: versionFromForm(form), changes } }) : NOTHING;
      },
      form,
    ),
  REFUSED,
);

export const removeItemAction = serverAction(
  EDITOR_ARGS.removeItem,
  async (slug, c, id, _previous, form) => onItem(slug, c, "deleted", (actor) => removeItem({ store: getStore(), actor, slug, collection: c, id, input: { version: versionFromForm(form) } })),
  REFUSED,
);

export const importAffectedAction = serverAction(EDITOR_ARGS.importAffected, importAffected, REFUSED);

async function importAffected(slug: string, _previous: EditorState, form: FormData): Promise<EditorState> {
  const actor = await editor(`/editor/incidents/${slug}`);
  const { locale, t } = await words();
  const upload = form.get("file");
  const fail = (key: string, field = "file"): EditorState => {
    const message = t(`editor.affected.${key}`);
    return { status: "error", message, errors: [{ field, message }] };
  };
  if (!(upload instanceof File) || (upload.size === 0 && upload.name === "")) return fail("chooseFile");
  const extension = /\.json$/i.test(upload.name) ? "json" : /\.csv$/i.test(upload.name) ? "csv" : null;
  if (!extension) return fail("wrongFile");
  const replace = form.get("replace") === "on";
  let report;
  try {
    ({ report } = await withSpooledUpload(upload.stream(), { extension, maxBytes: BODY_LIMITS.formUpload }, (source) =>
      importAffectedList({ store: getStore(), actor, slug, version: versionFromForm(form), rows: { source }, replace, secret: appLookupSecret() }),
    ));
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      return fail("tooLarge");
    }
    if (!(error instanceof DomainError)) throw error;
    return refusedState(error, locale);
  }
  if (report.empty) return fail("emptyFile");
  revalidatePath(`/editor/incidents/${slug}`, "layout");
  const removed = report.removed === null ? "none" : String(report.removed);
  return { status: "saved", message: t("editor.affected.imported", { read: report.rowsRead, added: report.added, already: report.alreadyPresent, removed }) };
}

/** The list's shape, written as JSON (README: the list's shape); refused with what to fix, or saved through the one verb. */
export const setShapeAction = serverAction(
  EDITOR_ARGS.setShape,
  async (slug, _previous, form): Promise<EditorState> => {
    const actor = await editor(`/editor/incidents/${slug}/affected`);
    const { t } = await words();
    let shape: unknown;
    try {
      shape = JSON.parse(String(form.get("shape") ?? ""));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { status: "error", message: t("editor.affected.notJson", { why }), errors: [{ field: "shape", message: t("editor.affected.notJsonField") }], values: formValues(form) };
    }
    return attempt(() => setAffectedShape({ store: getStore(), actor, slug, input: { version: versionFromForm(form), shape } }), t("editor.affected.shapeSaved"), slug, form);
  },
  REFUSED,
);
