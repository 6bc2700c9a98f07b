import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestId } from "@/domain/record/affected";
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

const id = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,30}$/);
const separator = fc.constantFrom(", ", ",", "; ", " ", "\t", " , ");
const wrap = fc.constantFrom((s: string) => s, (s: string) => `"${s}"`, (s: string) => `'${s}'`, (s: string) => `\`${s}\``, (s: string) => `[${s}]`);

describe("request ids as a tenant pastes them", () => {
  it("come back exactly, in order, whatever separates or quotes them, each with its line", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(id, wrap), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), separator, (rows, sep) => {
        const text = rows.map((row) => row.map(([i, w]) => w(i)).join(sep)).join("\n");
        const { ids, lines } = requestIdLines(text);
        expect(ids).toEqual(rows.flat().map(([i]) => i));
        expect(lines).toEqual(rows.flatMap((row, n) => row.map(() => n + 1)));
        for (const got of ids) expect(requestId.safeParse(got).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("tidies a JSON array, a CSV line and blank lines, and leaves a bad id for the check to name", () => {
    expect(requestIdLines('["a-1", "b-2"]\n\n  c-3 ,d-4;e-5  ').ids).toEqual(["a-1", "b-2", "c-3", "d-4", "e-5"]);
    const { ids, lines } = requestIdLines("ok-1\nbad!id");
    expect(ids).toEqual(["ok-1", "bad!id"]);
    expect(lines).toEqual([1, 2]);
    expect(requestId.safeParse("bad!id").success).toBe(false);
  });
});
