/** The form's request ids, one a line: blank lines are skipped but counted, so line numbers match what was typed. */
export function requestIdLines(text: string): { ids: string[]; lines: number[] } {
  const ids: string[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const id = raw.trim();
    if (!id) return;
    ids.push(id);
    lines.push(i + 1);
  });
  return { ids, lines };
}

/** An error's field as the form shows it ("line n"): "requestIds.<index>" becomes "requestIds.<line>", from 1. */
export function onLines<E extends { field: string }>(errors: E[], lines: number[]): E[] {
  return errors.map((e) => {
    const index = /^requestIds\.(\d+)$/.exec(e.field)?.[1];
    const line = index === undefined ? undefined : lines[Number(index)];
    return line === undefined ? e : { ...e, field: `requestIds.${line}` };
  });
}
