// What a save sends: the fields the author changed, found by each control's twin.
/** A control's twin, a hidden input holding the value the form was drawn with, so a save sends only what the author changed. */
export const WAS = "was:";
type Sent = Pick<FormData, "get" | "getAll">;

/** Every value sent under a name, trimmed and joined (a group of checkboxes sends several). */
export const sentValues = (form: Sent, name: string): string =>
  form
    .getAll(name)
    .flatMap((v) => (typeof v === "string" ? [v.trim()] : []))
    .join(" ");

/** The names whose sent value differs from their twin's; a name with no twin (a new item's form) counts as changed. */
export function changedNames(form: Sent, names: readonly string[]): string[] {
  return names.filter((name) => {
    const was = form.get(WAS + name);
    return typeof was !== "string" || sentValues(form, name) !== was.trim();
  });
}

/** Of `all`, only the fields the author changed: the patch a save sends. */
export function patchOf<T extends Record<string, unknown>>(form: Sent, all: T): Partial<T> {
  const changed = new Set(changedNames(form, Object.keys(all)));
  const patch: Partial<T> = {};
  for (const name of Object.keys(all) as Array<keyof T & string>) if (changed.has(name)) patch[name] = all[name];
  return patch;
}
