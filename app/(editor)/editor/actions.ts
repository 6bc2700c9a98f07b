"use server";

import { BODY_LIMITS } from "@/http/body-limits";
import { serverAction } from "@/http/form-action";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { EditorState } from "@/components/editor/editor-state";
import { requireUser } from "@/http/auth";
import { getDb } from "@/db/client";
import { appLookupSecret } from "@/config/secret";
import { importAffectedList } from "@/db/write/affected";
import { setAffectedShape } from "@/db/write/affected-shape";
import { addItem, patchItem, removeItem } from "@/db/write/collections";
import { createIncident, setPublished, updateIncident } from "@/db/write/incident";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { UploadTooLargeError, withSpooledUpload } from "@/http/spool-upload";
import { type Collection, itemLabel } from "@/domain/record/collections";
import { changedFields, readItemForm } from "@/components/editor/fields";
import { formValues, incidentFromForm, slugProblems, versionFromForm } from "@/components/editor/form-values";
import { patchOf } from "@/components/editor/changed";
import { EDITOR_ARGS, REFUSED } from "./action-args";

async function editor(next: string): Promise<Actor> {
  const user = await requireUser({ next });
  return { kind: "user", id: user.id, email: user.email, role: user.role };
}

const madeVersion = z.object({ version: z.number().int().positive() });

const UNCHANGED = "Nothing was saved: no field differs from the record as it stands.";
/** What a save's work gives back when the form differs from the record in nothing: no verb ran. */
const NOTHING = Symbol("nothing changed");

/** Runs a verb for the signed-in editor; a refusal comes back to the form, anything else is thrown. */
function attempt(work: () => unknown, message: string, slug: string, form?: FormData): EditorState {
  let done: unknown;
  try {
    done = work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: "error", message: error.message, errors: error.details.errors ?? [], ...(form ? { values: formValues(form) } : {}) };
  }
  if (done === NOTHING) return { status: "saved", message: UNCHANGED };
  revalidatePath(`/editor/incidents/${slug}`, "layout");
  const made = madeVersion.safeParse(done);
  return { status: "saved", message, ...(made.success ? { version: made.data.version } : {}) };
}

export const createIncidentAction = serverAction(
  EDITOR_ARGS.createIncident,
  async (_previous, form): Promise<EditorState> => {
    const actor = await editor("/editor");
    const input = incidentFromForm(form);
    const slug = slugProblems(form);
    if (slug.length) return { status: "error", message: `Fix the slug: ${slug.map((p) => p.message).join("; ")}.`, errors: slug, values: formValues(form) };
    const state = attempt(() => createIncident({ db: getDb(), actor, input }), "Created.", input.slug, form);
    if (state.status === "saved") redirect(`/editor/incidents/${input.slug}`);
    return state;
  },
  REFUSED,
);

export const updateIncidentAction = serverAction(
  EDITOR_ARGS.updateIncident,
  async (slug, _previous, form): Promise<EditorState> => {
    const actor = await editor(`/editor/incidents/${slug}`);
    const { slug: _ignored, ...fields } = incidentFromForm(form);
    const changes = patchOf(form, fields);
    if (Object.keys(changes).length === 0) return { status: "saved", message: UNCHANGED };
    return attempt(() => updateIncident({ db: getDb(), actor, slug, input: { ...changes, version: versionFromForm(form) } }), "Saved.", slug, form);
  },
  REFUSED,
);

export const publishAction = serverAction(
  EDITOR_ARGS.publish,
  async (slug, published, _previous, form): Promise<EditorState> => {
    const actor = await editor(`/editor/incidents/${slug}`);
    return attempt(
      () => setPublished({ db: getDb(), actor, slug, published, input: { version: versionFromForm(form) } }),
      published ? "Published: readers can see it now." : "Unpublished: it is a draft again.",
      slug,
    );
  },
  REFUSED,
);

/** The item verbs' shared part, once their arguments are checked: the form is read once, its times said back in the banner. */
async function onItem(slug: string, c: Collection, done: string, work: (actor: Actor, item: Record<string, unknown>) => unknown, form?: FormData): Promise<EditorState> {
  const actor = await editor(`/editor/incidents/${slug}`);
  const read = form ? readItemForm(c, form) : { item: {}, unread: [], shown: [] };
  // A time the form cannot read is said in the form's words, before any verb sees the text.
  if (read.unread.length) {
    return { status: "error", message: read.unread.map((p) => p.message).join(" "), errors: read.unread.map((p) => ({ field: `item.${p.field}`, message: p.message })), values: form ? formValues(form) : {} };
  }
  return attempt(() => work(actor, read.item), `${itemLabel(c)} ${done}.${read.shown.length ? ` ${read.shown.join("; ")}.` : ""}`, slug, form);
}

export const addItemAction = serverAction(
  EDITOR_ARGS.addItem,
  async (slug, c, _previous, form) => onItem(slug, c, "added", (actor, item) => addItem({ db: getDb(), actor, slug, collection: c, input: { version: versionFromForm(form), item } }), form),
  REFUSED,
);

export const updateItemAction = serverAction(
  EDITOR_ARGS.updateItem,
  async (slug, c, id, _previous, form) =>
    onItem(
      slug,
      c,
      "saved",
      (actor, item) => {
        const changes = changedFields(c, form, item);
        return Object.keys(changes).length ? patchItem({ db: getDb(), actor, slug, collection: c, id, input: { version: versionFromForm(form), changes } }) : NOTHING;
      },
      form,
    ),
  REFUSED,
);

export const removeItemAction = serverAction(
  EDITOR_ARGS.removeItem,
  async (slug, c, id, _previous, form) => onItem(slug, c, "deleted", (actor) => removeItem({ db: getDb(), actor, slug, collection: c, id, input: { version: versionFromForm(form) } })),
  REFUSED,
);

export const importAffectedAction = serverAction(EDITOR_ARGS.importAffected, importAffected, REFUSED);

async function importAffected(slug: string, _previous: EditorState, form: FormData): Promise<EditorState> {
  const actor = await editor(`/editor/incidents/${slug}`);
  const upload = form.get("file");
  const fail = (message: string, field = "file"): EditorState => ({ status: "error", message, errors: [{ field, message }] });
  if (!(upload instanceof File) || (upload.size === 0 && upload.name === "")) return fail("Nothing was imported: choose a .csv or .json file first.");
  const extension = /\.json$/i.test(upload.name) ? "json" : /\.csv$/i.test(upload.name) ? "csv" : null;
  if (!extension) return fail("Nothing was imported: the file must be a .csv or a .json file.");
  const replace = form.get("replace") === "on";
  let report;
  try {
    ({ report } = await withSpooledUpload(upload.stream(), { extension, maxBytes: BODY_LIMITS.formUpload }, (source) =>
      importAffectedList({ db: getDb(), actor, slug, version: versionFromForm(form), rows: { source }, replace, secret: appLookupSecret() }),
    ));
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      return fail("Nothing was imported: the file is larger than 20 MB; send it over the API or with npm run import:affected.");
    }
    if (!(error instanceof DomainError)) throw error;
    return { status: "error", message: error.message, errors: error.details.errors ?? [] };
  }
  if (report.empty) return fail("Nothing was imported: the file holds no rows.");
  revalidatePath(`/editor/incidents/${slug}`, "layout");
  const removed = report.removed === null ? "" : `, ${report.removed} removed first`;
  return {
    status: "saved",
    message: `Imported: ${report.rowsRead} rows read, ${report.added} added, ${report.alreadyPresent} already present${removed}.`,
  };
}

/** The list's shape, written as JSON (README: the list's shape); refused with what to fix, or saved through the one verb. */
export const setShapeAction = serverAction(
  EDITOR_ARGS.setShape,
  async (slug, _previous, form): Promise<EditorState> => {
    const actor = await editor(`/editor/incidents/${slug}/affected`);
    let shape: unknown;
    try {
      shape = JSON.parse(String(form.get("shape") ?? ""));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { status: "error", message: `Nothing was saved: the shape is not JSON (${why}).`, errors: [{ field: "shape", message: "not JSON" }], values: formValues(form) };
    }
    return attempt(() => setAffectedShape({ db: getDb(), actor, slug, input: { version: versionFromForm(form), shape } }), "Saved the list's shape.", slug, form);
  },
  REFUSED,
);
