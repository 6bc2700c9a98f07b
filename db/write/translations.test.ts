import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { noteOf } from "@/domain/record/translation-overlay";
import { testDatabase } from "@/tests/support/test-database";
import { readSeedIncident } from "../seed/read";
import { readIncident } from "../read/incident";
import { auditEntry, translation } from "../schema";
import { removeItem } from "./collections";
import { importRecord } from "./record";
import { setTranslations } from "./translations";

const t = testDatabase("translations");
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const SLUG = "chatgpt-redis-py-cross-user-exposure";
const seed = readSeedIncident(SLUG);

const stored = () => readIncident(t.db, SLUG, { translations: "all" }) ?? expect.fail("no incident");
const put = (entries: unknown[], version = stored().version, locale: unknown = "ru") => setTranslations({ db: t.db, actor: editor, slug: SLUG, locale, input: { version, entries } });
const lastAudit = () => t.db.select().from(auditEntry).where(eq(auditEntry.incidentSlug, SLUG)).all().at(-1);

function refused(work: () => unknown, code: DomainError["code"]): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError && error.code === code) return error;
    throw error;
  }
  throw new Error(`expected a ${code} refusal`);
}

describe("the record's translations, written and read", () => {
  it("are imported with the record, and read back as the seed wrote them", () => {
    importRecord({ db: t.db, actor: editor, input: { record: seed.record, translations: seed.translations } });
    expect(stored().translations).toEqual(seed.translations);
    expect(lastAudit()?.after).toContain('"translations":["ru"]');
  });

  it("reads a page's language in the record itself, each text noted", () => {
    const ru = readIncident(t.db, SLUG, { locale: "ru" }) ?? expect.fail("no incident");
    expect(ru.locale).toBe("ru");
    expect(ru.record.incident.title).toBe(seed.translations.ru?.incident?.title);
    expect(noteOf(ru.record.incident, "title")).toMatchObject({ state: "translated", from: "en" });
    expect(readIncident(t.db, SLUG)?.record.incident.title).toBe(seed.record.incident.title);
  });

  it("sets and clears a field through one verb, on the incident's version, with one audit entry naming the language", () => {
    const before = stored();
    const eventId = before.ids.events[1] ?? expect.fail("no event");
    const done = put([
      { subject: "incident", field: "impact", text: null },
      { subject: "events", id: eventId, field: "title", text: "Всплеск отмен", quote: true },
    ]);
    expect(done.version).toBe(before.version + 1);
    const ru = readIncident(t.db, SLUG, { locale: "ru" }) ?? expect.fail("no incident");
    expect(ru.record.incident.impact).toBe(seed.record.incident.impact);
    expect(noteOf(ru.record.incident, "impact")).toEqual({ state: "fallback", lang: "en", page: "ru" });
    expect(ru.record.events[1]?.title).toBe("Всплеск отмен");
    expect(noteOf(ru.record.events[1] ?? {}, "title")).toMatchObject({ state: "translated", quote: true });
    const audit = lastAudit();
    expect(audit).toMatchObject({ action: "update", entity: "translations" });
    expect(JSON.parse(audit?.before ?? "{}")).toMatchObject({ locale: "ru", "incident.impact": seed.translations.ru?.incident?.impact });
    expect(JSON.parse(audit?.after ?? "{}")).toEqual({ locale: "ru", "incident.impact": null, [`events.${eventId}.title`]: "Всплеск отмен [quote]" });
  });

  it("refuses a stale version, and writes nothing", () => {
    const { version } = stored();
    const e = refused(() => put([{ subject: "incident", field: "title", text: "Другое" }], version - 1), "conflict");
    expect(e.details.currentVersion).toBe(version);
    expect(stored().version).toBe(version);
  });

  it("refuses what the record does not have, all or nothing, naming each entry", () => {
    const { version, ids } = stored();
    const e = refused(
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
    expect(stored().version).toBe(version);
    expect(stored().translations.ru?.incident?.title).toBe(seed.translations.ru?.incident?.title);
  });

  it("refuses a translation into the record's own language and a language the site does not speak", () => {
    refused(() => put([{ subject: "incident", field: "title", text: "Title" }], stored().version, "en"), "invalid");
    const e = refused(() => put([{ subject: "incident", field: "title", text: "Titel" }], stored().version, "de"), "invalid");
    expect(e.message).toMatch(/one of these for "language": en, ru/);
  });

  it("removes an item's translations with the item", () => {
    const { ids, version } = stored();
    const id = ids.recommendations[0] ?? expect.fail("no recommendation");
    const rows = () => t.db.select().from(translation).where(and(eq(translation.subject, "recommendations"), eq(translation.subjectId, id))).all();
    expect(rows()).toHaveLength(1);
    removeItem({ db: t.db, actor: editor, slug: SLUG, collection: "recommendations", id, input: { version } });
    expect(rows()).toEqual([]);
    expect(readIncident(t.db, SLUG, { locale: "ru" })?.record.recommendations[0]?.text).toBe(seed.translations.ru?.recommendations?.["1"]?.text);
  });

  it("refuses an import whose translation names what the record does not have", () => {
    const record = { ...seed.record, incident: { ...seed.record.incident, slug: "another" } };
    const e = refused(() => importRecord({ db: t.db, actor: editor, input: { record, translations: { ru: { events: { nowhere: { title: "Нигде" } } } } } }), "invalid");
    expect(e.message).toMatch(/translation into “ru” at events\.nowhere: no event with the key "nowhere"/);
    expect(readIncident(t.db, "another", { drafts: true })).toBeNull();
  });
});
