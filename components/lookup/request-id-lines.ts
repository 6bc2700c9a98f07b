/**
 * Request ids as a tenant pastes them: one a line, or several on a line separated by commas,
 * semicolons, spaces or tabs, each perhaps in quotes or brackets (a CSV cell, a JSON array, a log
 * line). No id holds any of those characters, so they only separate; each id keeps its line.
 */
export function requestIdLines(text: string): { ids: string[]; lines: number[] } {
  const ids: string[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    for (const part of raw.split(/[\s,;]+/)) {
      const id = part.replace(/^["'`[(]+|["'`\])]+$/g, "");
      if (!id) continue;
      ids.push(id);
      lines.push(i + 1);
    }
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
