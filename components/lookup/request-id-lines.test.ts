import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { onLines, requestIdLines } from "./request-id-lines";

describe("request id lines", () => {
  it("numbers lines from 1, counting blank ones", () => {
    const { ids, lines } = requestIdLines("a\r\n\r\n  b  \n\nc");
    expect(ids).toEqual(["a", "b", "c"]);
    expect(lines).toEqual([1, 3, 5]);
    expect(onLines([{ field: "requestIds.1", message: "bad" }, { field: "accountId", message: "x" }], lines)).toEqual([
      { field: "requestIds.3", message: "bad" },
      { field: "accountId", message: "x" },
    ]);
  });

  it("points every id at the line it was typed on", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(""), fc.constant("  "), fc.stringMatching(/^[a-z0-9-]{1,8}$/))), (typed) => {
        const { ids, lines } = requestIdLines(typed.join("\n"));
        ids.forEach((id, i) => expect(typed[(lines[i] ?? 0) - 1]?.trim()).toBe(id));
        expect(ids).toHaveLength(typed.filter((t) => t.trim()).length);
      }),
    );
  });
});
