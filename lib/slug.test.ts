import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugOf } from "./slug";

describe("a slug made from a title", () => {
  it("is the title's words, lower-case, joined by hyphens", () => {
    expect(slugOf("Object storage outage (EU-West)")).toBe("object-storage-outage-eu-west");
    expect(slugOf("Café  déjà vu!")).toBe("cafe-deja-vu");
    expect(slugOf("GLM-5.3 cross-tenant KV-cache exposure")).toBe("glm-5-3-cross-tenant-kv-cache-exposure");
    expect(slugOf("Сбой хранилища")).toBe("");
  });

  it("always fits the record's key, or is empty when the title has no latin letters or digits", () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const slug = slugOf(title);
        expect(slug === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(60);
      }),
    );
  });
});
