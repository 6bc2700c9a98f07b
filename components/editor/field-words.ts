import type { FieldSpec } from "@/domain/record/collection";
import type { Translate } from "@/domain/said";

// A field's words in the page's language, from the catalogue key its description in the registry
// carries (domain/record/words.ts): the registry stays the one list of fields.

export const fieldLabel = (t: Translate, spec: FieldSpec): string => {
  const label = t(`${spec.words}.label`);
  return spec.optional ? t("editor.form.optional", { label }) : label;
};

export const fieldHint = (t: Translate, spec: FieldSpec): string | undefined => (spec.hint ? t(`${spec.words}.hint`) : undefined);

/** A choice of a select (a phase, a status) as the editor shows it; the value sent stays the record's. */
export const optionLabel = (t: Translate, value: string): string => t(`editor.options.${value}`);
