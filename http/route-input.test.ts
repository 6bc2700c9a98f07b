import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/domain/errors";
import { decimalText, positiveDecimalText } from "@/domain/record/common";
import { NO_QUERY, ROUTE_PARAMS, parseParams, parseQuery } from "./route-input";

function refusal(work: () => unknown): Array<{ field: string; message: string }> {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError && error.code === "invalid") return error.details.errors ?? [];
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("decimalText", () => {
  it("takes a whole number only in its canonical decimal spelling", () => {
    expect(decimalText.parse("0")).toBe(0);
    expect(positiveDecimalText.parse("12")).toBe(12);
    expect(positiveDecimalText.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    for (const text of ["0x10", "1e3", "010", "+1", " 1", "1 ", "1.0", "-1", "", "١", "9007199254740992", "Infinity"]) {
      expect(decimalText.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
    expect(positiveDecimalText.safeParse("0").success).toBe(false);
  });

  it("gives back exactly the number it spells, and refuses every other spelling Number() would read", () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.constantFrom(0, Number.MAX_SAFE_INTEGER)), (n) => {
        expect(decimalText.parse(String(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789+-.eExXabcdef ") }), (text) => {
        const parsed = decimalText.safeParse(text);
        // Accepted only when the text is the number's own decimal spelling.
        if (parsed.success) expect(String(parsed.data)).toBe(text);
      }),
    );
  });
});

describe("parseParams", () => {
  it("names a bad id, slug or collection", () => {
    expect(parseParams(ROUTE_PARAMS.item, { slug: "an-incident", collection: "events", id: "7" })).toEqual({ slug: "an-incident", collection: "events", id: 7 });
    expect(refusal(() => parseParams(ROUTE_PARAMS.item, { slug: "an-incident", collection: "events", id: "0x7" })).map((e) => e.field)).toEqual(["id"]);
    expect(refusal(() => parseParams(ROUTE_PARAMS.collection, { slug: "Not_A_Slug", collection: "gossip" })).map((e) => e.field)).toEqual(["slug", "collection"]);
    expect(parseParams(ROUTE_PARAMS.none, undefined)).toEqual({});
  });
});

describe("parseQuery", () => {
  const query = z.strictObject({ version: positiveDecimalText, replace: z.enum(["0", "1"]).optional() });

  it("reads the parameters a route names, and refuses any other, naming it", () => {
    expect(parseQuery(query, "http://x/a?version=3&replace=1")).toEqual({ version: 3, replace: "1" });
    const unknown = refusal(() => parseQuery(query, "http://x/a?version=3&dryRun=1&__proto__=1"));
    expect(unknown.map((e) => e.field)).toEqual(["dryRun", "__proto__"]);
    expect(unknown[0]?.message).toMatch(/no query parameter "dryRun"/);
    expect(refusal(() => parseQuery(NO_QUERY, "http://x/a?limit=5")).map((e) => e.field)).toEqual(["limit"]);
    expect(parseQuery(NO_QUERY, "http://x/a")).toEqual({});
  });

  it("refuses a missing, malformed or repeated value, naming the parameter", () => {
    expect(refusal(() => parseQuery(query, "http://x/a"))).toMatchObject([{ field: "version", message: '"version" is missing: give it.' }]);
    expect(refusal(() => parseQuery(query, "http://x/a?version=010")).map((e) => e.field)).toEqual(["version"]);
    expect(refusal(() => parseQuery(query, "http://x/a?version=1&version=2"))).toMatchObject([{ field: "version", message: '"version" is given more than once; give it once.' }]);
  });
});
