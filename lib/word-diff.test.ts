import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wordDiff } from "./word-diff";

const side = (parts: ReturnType<typeof wordDiff>, drop: "added" | "removed") => parts.filter((p) => p.kind !== drop).map((p) => p.text).join("");

describe("a word diff", () => {
  it("marks the words that changed and keeps the rest", () => {
    expect(wordDiff("The disk was full.", "The metadata volume was full.")).toEqual([
      { kind: "same", text: "The " },
      { kind: "added", text: "metadata volume " },
      { kind: "removed", text: "disk " },
      { kind: "same", text: "was full." },
    ]);
    expect(wordDiff("", "New text")).toEqual([{ kind: "added", text: "New text" }]);
  });

  it("gives back both texts, whatever they are", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const parts = wordDiff(before, after);
        expect(side(parts, "added").replace(/\s+/g, " ").trim()).toBe(before.replace(/\s+/g, " ").trim());
        expect(side(parts, "removed").replace(/\s+/g, " ").trim()).toBe(after.replace(/\s+/g, " ").trim());
      }),
    );
  });
});
