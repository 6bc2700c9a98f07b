import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { noteOf } from "@/domain/record/translation-overlay";
import { ENGINES, testStores } from "@/tests/support/stores";
import { readSeedIncident } from "../seed/read";
import { readIncident } from "../read/incident";
import { auditEntry, translation } from "../schema";
import { removeItem } from "./collections";
import { importRecord } from "./record";
import { setTranslations } from "./translations";

const kit = testStores("translations", { seed: false });
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const SLUG = "chatgpt-redis-py-cross-user-exposure";
const seed = readSeedIncident(SLUG);

async function refused(work: () => Promise<unknown>, code: DomainError["code"]): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === code) return error;
    throw error;
  }
  throw new Error(`expected a ${code} refusal`);
}

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  const stored = async () => (await readIncident(store(), SLUG, { translations: "all" })) ?? expect.fail("no incident");
  const put = async (entries: unknown[], version?: number, locale: unknown = "ru") => setTranslations({ store: store(), actor: editor, slug: SLUG, locale, input: { version: version ?? (await stored()).version, entries } });
  const lastAudit = async () => (await store().q.select().from(auditEntry).where(eq(auditEntry.incidentSlug, SLUG)).all()).at(-1);

  describe("the record's translations, written and read", () => {
    it("are imported with the record, and read back as the seed wrote them", async () => {
      await importRecord({ store: store(), actor: editor, input: { record: seed.record, translations: seed.translations } });
      expect((await stored()).translations).toEqual(seed.translations);
      expect((await lastAudit())?.after).toContain('"translations":["ru"]');
    });

    it("reads a page's language in the record itself, each text noted", async () => {
      const ru = (await readIncident(store(), SLUG, { locale: "ru" })) ?? expect.fail("no incident");
      expect(ru.locale).toBe("ru");
      expect(ru.record.incident.title).toBe(seed.translations.ru?.incident?.title);
      expect(noteOf(ru.record.incident, "title")).toMatchObject({ state: "translated", from: "en" });
      expect((await readIncident(store(), SLUG))?.record.incident.title).toBe(seed.record.incident.title);
    });

    it("sets and clears a field through one verb, on the incident's version, with one audit entry naming the language", async () => {
      const before = await stored();
      const eventId = before.ids.events[1] ?? expect.fail("no event");
      const done = await put([
        { subject: "incident", field: "impact", text: null },
        { subject: "events", id: eventId, field: "title", text: "Всплеск отмен", quote: true },
      ]);
      expect(done.version).toBe(before.version + 1);
      const ru = (await readIncident(store(), SLUG, { locale: "ru" })) ?? expect.fail("no incident");
      expect(ru.record.incident.impact).toBe(seed.record.incident.impact);
      expect(noteOf(ru.record.incident, "impact")).toEqual({ state: "fallback", lang: "en", page: "ru" });
      expect(ru.record.events[1]?.title).toBe("Всплеск отмен");
      expect(noteOf(ru.record.events[1] ?? {}, "title")).toMatchObject({ state: "translated", quote: true });
      const audit = await lastAudit();
      expect(audit).toMatchObject({ action: "update", entity: "translations" });
      expect(JSON.parse(audit?.before ?? "{}")).toMatchObject({ locale: "ru", "incident.impact": seed.translations.ru?.incident?.impact });
      expect(JSON.parse(audit?.after ?? "{}")).toEqual({ locale: "ru", "incident.impact": null, [`events.${eventId}.title`]: "Всплеск отмен [quote]" });
    });

    it("refuses a stale version, and writes nothing", async () => {
      const { version } = await stored();
      const e = await refused(() => put([{ subject: "incident", field: "title", text: "Другое" }], version - 1), "conflict");
      expect(e.details.currentVersion).toBe(version);
      expect((await stored()).version).toBe(version);
    });

    it("refuses what the record does not have, all or nothing, naming each entry", async () => {
      const { version, ids } = await stored();
      const e = await refused(
        () =>
          put([
            { subject: "incident", field: "title", text: "Заголовок" },
            { subject: "incident", field: "provider", text: "ОпенЭйАй" },
            { subject: "events", id: 999_999, field: "title", text: "Нет такого" },
            { subject: "figures", id: ids.figures[0], field: "headline", text: "да" },
          ]),
        "invalid",
      );
      expect(e.details.errors?.map((x) => x.field)).toEqual(["entries.1", "entries.2", "entries.3"]);
      expect(e.message).toMatch(/Events: this incident has no item with id 999999/);
      expect((await stored()).version).toBe(version);
      expect((await stored()).translations.ru?.incident?.title).toBe(seed.translations.ru?.incident?.title);
    });

    it("refuses a translation into the record's own language and a language the site does not speak", async () => {
      await refused(async () => put([{ subject: "incident", field: "title", text: "Title" }], (await stored()).version, "en"), "invalid");
      const e = await refused(async () => put([{ subject: "incident", field: "title", text: "Titel" }], (await stored()).version, "de"), "invalid");
      expect(e.message).toMatch(/one of these for "language": en, ru/);
    });

    it("removes an item's translations with the item", async () => {
      const { ids, version } = await stored();
      const id = ids.recommendations[0] ?? expect.fail("no recommendation");
      const rows = () => store().q.select().from(translation).where(and(eq(translation.subject, "recommendations"), eq(translation.subjectId, id))).all();
      expect(await rows()).toHaveLength(1);
      await removeItem({ store: store(), actor: editor, slug: SLUG, collection: "recommendations", id, input: { version } });
      expect(await rows()).toEqual([]);
      expect((await readIncident(store(), SLUG, { locale: "ru" }))?.record.recommendations[0]?.text).toBe(seed.translations.ru?.recommendations?.["1"]?.text);
    });

    it("refuses an import whose translation names what the record does not have", async () => {
      const record = { ...seed.record, incident: { ...seed.record.incident, slug: "another" } };
      const e = await refused(() => importRecord({ store: store(), actor: editor, input: { record, translations: { ru: { events: { nowhere: { title: "Нигде" } } } } } }), "invalid");
      expect(e.message).toMatch(/translation into “ru” at events\.nowhere: no event with the key "nowhere"/);
      expect(await readIncident(store(), "another", { drafts: true })).toBeNull();
    });
  });
});
