import { z } from "zod";
import type { EditorState } from "@/components/editor/editor-state";
import { INCIDENT_FORM_FIELDS } from "@/components/editor/form-values";
import { key, positiveDecimalText } from "@/domain/record/common";
import { type Collection, COLLECTION_NAMES, COLLECTIONS } from "@/domain/record/collections";
import { checkboxField, fileField, formWith, textField } from "@/http/form-action";

// What each editor action takes, checked before it runs (http/form-action.ts serverAction). The
// forms' fields come from the forms' own descriptions: the incident's from the names
// incidentFromForm reads, an item's from its collection's editor fields.

export const editorState: z.ZodType<EditorState> = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("idle") }),
  z.strictObject({
    status: z.literal("error"),
    message: z.string(),
    errors: z.array(z.strictObject({ field: z.string(), message: z.string() })),
    values: z.record(z.string(), z.string()).optional(),
  }),
  z.strictObject({ status: z.literal("saved"), message: z.string(), version: z.number().int().positive().optional() }),
]);

const slug = key;
const collection = z.enum(COLLECTION_NAMES);
const id = z.number().int().positive();
/** The version the page wrote into the form: not typed by anyone, so anything else is not the page's. */
const version = { version: positiveDecimalText };
// Pickers (a fact's sources) send nothing when none is ticked, and a field an incident without a list is not offered is not sent.
const incidentFields = Object.fromEntries(INCIDENT_FORM_FIELDS.map((name) => [name, name === "cites" ? textField.optional() : textField]));

const itemFields = (c: Collection) =>
  formWith({ ...version, ...Object.fromEntries(COLLECTIONS[c].fields.map((f) => [f.name, f.kind === "checkbox" ? checkboxField : f.kind === "cites" || f.needsList ? textField.optional() : textField])) });

/** The FormData at `at` checked against the fields of the collection the arguments name. */
function itemForm(ctx: z.RefinementCtx, at: number, c: Collection, form: FormData): void {
  for (const issue of itemFields(c).safeParse(form).error?.issues ?? []) {
    ctx.addIssue({ code: "custom", path: [at, ...issue.path], message: issue.message, ...(issue.code === "custom" ? { params: issue.params } : {}) });
  }
}

export const EDITOR_ARGS = {
  createIncident: z.tuple([editorState, formWith(incidentFields)]),
  updateIncident: z.tuple([slug, editorState, formWith({ ...incidentFields, ...version })]),
  publish: z.tuple([slug, z.boolean(), editorState, formWith(version)]),
  addItem: z.tuple([slug, collection, editorState, z.instanceof(FormData)]).superRefine(([, c, , form], ctx) => itemForm(ctx, 3, c, form)),
  updateItem: z.tuple([slug, collection, id, editorState, z.instanceof(FormData)]).superRefine(([, c, , , form], ctx) => itemForm(ctx, 4, c, form)),
  removeItem: z.tuple([slug, collection, id, editorState, formWith(version)]),
  importAffected: z.tuple([slug, editorState, formWith({ ...version, file: fileField, replace: checkboxField })]),
  setShape: z.tuple([slug, editorState, formWith({ ...version, shape: textField })]),
  queueNotices: z.tuple([slug, editorState, formWith({ contacts: fileField, days: textField })]),
};

/** A refusal in the editor's own shape; the edge answers 400 problem+json in its place. */
export const REFUSED: EditorState = { status: "error", message: "The form's data could not be used, so nothing was done. Reload the page.", errors: [] };
