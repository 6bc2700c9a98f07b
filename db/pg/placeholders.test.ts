import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numbered } from "./placeholders";

describe("numbered", () => {
  it("numbers the placeholders in order, and leaves a ? in quoted text, a quoted name and a comment alone", () => {
    expect(numbered(`select "a?" from "t" where "x" = ? and y = '?''?' and z in (?, ?) -- ? here\n and w = ? /* ? */ limit ?`)).toBe(
      `select "a?" from "t" where "x" = $1 and y = '?''?' and z in ($2, $3) -- ? here\n and w = $4 /* ? */ limit $5`,
    );
  });

  it("numbers every placeholder of any text built from parameters and quoted strings, and changes nothing else", () => {
    const literal = fc.string().map((s) => `'${s.replaceAll("'", "''")}'`);
    const part = fc.oneof(fc.constant("?"), literal, fc.constantFrom(" = ", ", ", " and ", "select ", "(", ")"));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 30 }), (parts) => {
        const placeholders = parts.filter((p) => p === "?").length;
        let n = 0;
        expect(numbered(parts.join(""))).toBe(parts.map((p) => (p === "?" ? `$${++n}` : p)).join(""));
        expect(n).toBe(placeholders);
      }),
    );
  });
});
