import type { AffectedShape } from "./affected-shape";

/**
 * The words of an affected list's shape that a reader reads (its unit, the account's and request
 * id's names, each role, measure and kind of data, the contact), each by the path a translation
 * names it with: "unit/many", "roles/recipient/label". Keys, forms and numbers are not words.
 */
export function mapShapeTexts(shape: AffectedShape, word: (path: string, own: string) => string): AffectedShape {
  const keyed = <T extends { key: string }, F extends keyof T & string>(part: string, list: readonly T[], fields: readonly F[]): T[] =>
    list.map((item) => ({ ...item, ...Object.fromEntries(fields.map((f) => [f, word(`${part}/${item.key}/${f}`, String(item[f]))])) }));
  const { requestIds, contact } = shape;
  return {
    ...shape,
    unit: { one: word("unit/one", shape.unit.one), many: word("unit/many", shape.unit.many) },
    account: { ...shape.account, name: word("account/name", shape.account.name) },
    requestIds: requestIds && { ...requestIds, name: word("requestIds/name", requestIds.name), many: word("requestIds/many", requestIds.many), where: word("requestIds/where", requestIds.where) },
    roles: keyed("roles", shape.roles, ["label", "meaning"]),
    measures: shape.measures.map((m) => ({ ...m, name: word(`measures/${m.key}/name`, m.name), unit: word(`measures/${m.key}/unit`, m.unit) })),
    dataClasses: keyed("dataClasses", shape.dataClasses, ["label", "meaning"]),
    contact: contact && { ...contact, text: word("contact/text", contact.text) },
  };
}

/** Every word of a shape by its path, in the shape's order. */
export function shapeTexts(shape: AffectedShape): Map<string, string> {
  const texts = new Map<string, string>();
  mapShapeTexts(shape, (path, own) => {
    texts.set(path, own);
    return own;
  });
  return texts;
}
