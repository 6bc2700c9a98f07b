import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { languagesOf } from "@/domain/record/translation-overlay";
import { testDatabase } from "@/tests/support/test-database";
import { readSeedIncident } from "../seed/read";
import { readIncident } from "../read/incident";
import { auditEntry } from "../schema";
import { importRecord } from "./record";
import { setTranslations } from "./translations";
import { setAffectedShape } from "./affected-shape";
import { translationProblems } from "@/domain/record/translation";

// The words of an affected list's shape (its unit, roles, measures, kinds of data) are the record's
// texts too: each may have a version per language, set through the one verb, read in the page's
// language, and counted on the page where one is not yet translated.
const t = testDatabase("shape-translations");
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const SLUG = "glm-5-3-kv-cache-exposure";
const seed = readSeedIncident(SLUG);
const ru = () => readIncident(t.db, SLUG, { locale: "ru" }) ?? expect.fail("no incident");
const version = () => readIncident(t.db, SLUG)?.version ?? 0;
const put = (entries: unknown[]) => setTranslations({ db: t.db, actor: editor, slug: SLUG, locale: "ru", input: { version: version(), entries } });

beforeAll(() => {
  importRecord({ db: t.db, actor: editor, input: { record: seed.record, translations: seed.translations } });
});

describe("an affected list's words in another language", () => {
  it("reads them in the page's language as the seed gives them, and says they are translated", () => {
    const shape = ru().record.affectedShape ?? expect.fail("no shape");
    expect([shape.unit.many, shape.roles.map((r) => r.label), shape.measures[0]?.name]).toEqual([
      "ответы",
      ["содержали фрагменты сеансов других клиентов", "фрагменты вашего сеанса попали к другому клиенту"],
      "длина запроса",
    ]);
    expect(languagesOf(ru().record)).toMatchObject({ shapeFrom: "en", fallbacks: 0 });
    expect(readIncident(t.db, SLUG, { locale: "en" })?.record.affectedShape?.unit.many).toBe("responses");
  });

  it("clears and sets a word through the one verb, audited by its path; a cleared one is shown as written and counted", () => {
    put([{ subject: "shape", field: "roles/exposed/label", text: null }]);
    const cleared = ru().record;
    expect(cleared.affectedShape?.roles[1]?.label).toBe("your session's fragments reached another customer");
    expect(languagesOf(cleared)).toMatchObject({ fallbacks: 1 });
    put([{ subject: "shape", field: "roles/exposed/label", text: "фрагменты вашего сеанса попали к другому клиенту" }]);
    expect(ru().record.affectedShape?.roles[1]?.label).toBe("фрагменты вашего сеанса попали к другому клиенту");
    const audit = t.db.select().from(auditEntry).where(eq(auditEntry.incidentSlug, SLUG)).all().at(-1);
    expect(audit?.after).toContain('"shape.roles/exposed/label":"фрагменты вашего сеанса попали к другому клиенту"');
  });

  it("refuses a word the shape does not have, naming those it has, and writes nothing", () => {
    const before = version();
    let refusal: unknown;
    try {
      put([{ subject: "shape", field: "roles/nobody/label", text: "никто" }]);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(String(refusal instanceof DomainError ? JSON.stringify(refusal.details) : "")).toContain("roles/recipient/label");
    expect(version()).toBe(before);
  });
});

describe("a shape that changes", () => {
  const u = testDatabase("shape-translations-change");
  beforeAll(() => {
    importRecord({ db: u.db, actor: editor, input: { record: seed.record, translations: seed.translations } });
  });

  it("takes a gone word's translations with it, so the record still exports and imports whole", () => {
    const before = readIncident(u.db, SLUG, { translations: "all" }) ?? expect.fail("no incident");
    const shape = before.record.affectedShape ?? expect.fail("no shape");
    setAffectedShape({ db: u.db, actor: editor, slug: SLUG, input: { version: before.version, shape: { ...shape, roles: shape.roles.filter((r) => r.key !== "exposed") } } });
    const after = readIncident(u.db, SLUG, { translations: "all" }) ?? expect.fail("no incident");
    const words = Object.keys(after.translations.ru?.shape ?? {});
    expect([words.includes("roles/recipient/label"), words.some((w) => w.startsWith("roles/exposed/"))]).toEqual([true, false]);
    expect(translationProblems(after.record, "en", "ru", after.translations.ru ?? {})).toEqual([]);
  });
});
