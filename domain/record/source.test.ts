import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "./collections";
import { sourceSchema } from "./collections/sources";
import { fieldErrors } from "../input";
import { itemNaming } from "./naming";

const source = (url: string | null) => ({ number: 1, publisher: "Example", title: "Report", author: null, publishedOn: "2026-10-01", url, note: null });

/** The messages a write of this address gets, by field, as the API and the editor say them. */
function refusals(url: string): Array<[string, string]> {
  const result = COLLECTIONS.sources.schema.safeParse(source(url));
  return fieldErrors(result.error?.issues ?? [], source(url), itemNaming("sources")).map((e) => [e.field, e.message]);
}

describe("a source's address, as the API and the editor take it", () => {
  it.each([
    "https://example.com/report",
    "http://example.com/a%20b?q=1&r=(2)#part",
    "HTTPS://Example.com/~x/y-z_1.2",
    "https://[2001:db8::1]:8443/x",
  ])("takes %s as written", (url) => {
    expect(sourceSchema.parse(source(url)).url).toBe(url);
  });

  it.each([
    ["https://example.com/<img src=x onerror=alert(1)>", "https://example.com/%3Cimg%20src=x%20onerror=alert(1)%3E"],
    ['https://example.com/a b"c', "https://example.com/a%20b%22c"],
    ["https://example.com/caf\u00e9", "https://example.com/caf%C3%A9"],
    ["https://example.com/x\u0007y", "https://example.com/x%07y"],
    ["https://example.com/a\\b", "https://example.com/a/b"],
    ["https://example.com/100%", "https://example.com/100%25"],
  ])("refuses %j, naming the field and the address to write instead", (url, instead) => {
    const found = refusals(url);
    expect(found).toHaveLength(1);
    expect(found[0]?.[0]).toBe("url");
    expect(found[0]?.[1]).toContain(instead);
  });

  it.each(["ftp://example.com/x", "javascript:alert(1)", "https:example.com", "/relative", "example.com", "https://"])("refuses %j as no web address, saying what one looks like", (url) => {
    const found = refusals(url);
    expect(found).toHaveLength(1);
    expect(found[0]?.[0]).toBe("url");
    expect(found[0]?.[1]).toMatch(/https:\/\//);
  });
});
