/** One run of a word diff: words both texts share, or only the old's (removed) or the new's (added). */
export type DiffPart = { kind: "same" | "removed" | "added"; text: string };

const MAX_CELLS = 4_000_000;

/**
 * The words that changed from `before` to `after` (a longest common subsequence of words, spaces
 * kept with their word). Texts too long for that are shown as removed then added, whole.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.match(/\S+\s*|\s+/g) ?? [];
  const b = after.match(/\S+\s*|\s+/g) ?? [];
  if (a.length * b.length > MAX_CELLS) return [...(before ? [{ kind: "removed" as const, text: before }] : []), ...(after ? [{ kind: "added" as const, text: after }] : [])];
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i]?.trim() === b[j]?.trim() ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart["kind"], text: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i]?.trim() === b[j]?.trim()) {
      push("same", b[j] ?? "");
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || (lcs[i * width + j + 1] ?? 0) >= (lcs[(i + 1) * width + j] ?? 0))) {
      push("added", b[j++] ?? "");
    } else {
      push("removed", a[i++] ?? "");
    }
  }
  return parts;
}
