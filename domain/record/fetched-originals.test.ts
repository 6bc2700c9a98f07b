import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { LOCALES } from "@/i18n/locales";
import { buildDocument } from "@/publish/document";
import { textAt } from "@/components/record/fetched-original";
import { COLLECTION_NAMES } from "./collections";
import type { IncidentRecord } from "./record";
import { type TextNote, noteOf, overlayRecord } from "./translation-overlay";
import { fieldsOf } from "./translation";

// A page carries a translation's original as a pointer into incident.json (fetched-original.tsx):
// for every text of every seed in every language, the pointer finds the very text an export carries.
const parts = (r: IncidentRecord) => [
  { subject: "incident" as const, part: r.incident },
  ...COLLECTION_NAMES.flatMap((c) => r[c].map((part: object) => ({ subject: c, part }))),
];
const notes = (r: IncidentRecord): TextNote[] => parts(r).flatMap(({ subject, part }) => fieldsOf(subject).flatMap((f) => noteOf(part, f) ?? []));

describe("a translation's original, fetched from incident.json", () => {
  for (const slug of ["glm-5-3-kv-cache-exposure", "chatgpt-redis-py-cross-user-exposure", "fastly-global-outage-2021-06-08"]) {
    it(`finds every original of ${slug} where the page points, and carries a quote's beside it`, () => {
      const seed = readSeedIncident(slug);
      const updatedAt = "2026-12-01T00:00:00.000Z";
      const doc: unknown = JSON.parse(JSON.stringify(buildDocument({ record: seed.record, updatedAt, affected: null, textLocale: "en", translations: seed.translations })));
      let fetched = 0;
      for (const locale of LOCALES) {
        const carried = notes(overlayRecord(seed.record, "en", seed.translations, locale));
        const linked = notes(overlayRecord(seed.record, "en", seed.translations, locale, { originalsOf: { slug, updatedAt } }));
        expect(linked).toHaveLength(carried.length);
        linked.forEach((note, i) => {
          const same = carried[i];
          if (note.state !== "translated" || same?.state !== "translated") return expect(note).toEqual(same);
          if (typeof note.original === "string") return expect([note.quote, note.original]).toEqual([true, same.original]);
          fetched++;
          expect(note.original).toMatchObject({ slug, updatedAt });
          expect(textAt(doc, note.original.at)).toBe(same.original);
        });
      }
      expect(fetched).toBeGreaterThan(0);
    });
  }
});
