import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { languagesOf } from "@/domain/record/translation-overlay";
import { ENGINES, testStores } from "@/tests/support/stores";
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
const kit = testStores("shape-translations", { seed: false });
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const SLUG = "glm-5-3-kv-cache-exposure";
/** The same record under a slug of its own, for the shape that changes. */
const CHANGED = `${SLUG}-changed`;
const seed = readSeedIncident(SLUG);

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  const ru = async () => (await readIncident(store(), SLUG, { locale: "ru" })) ?? expect.fail("no incident");
  const version = async () => (await readIncident(store(), SLUG))?.version ?? 0;
  const put = async (entries: unknown[]) => setTranslations({ store: store(), actor: editor, slug: SLUG, locale: "ru", input: { version: await version(), entries } });

  beforeAll(async () => {
    await importRecord({ store: store(), actor: editor, input: { record: seed.record, translations: seed.translations } });
    await importRecord({ store: store(), actor: editor, input: { record: { ...seed.record, incident: { ...seed.record.incident, slug: CHANGED } }, translations: seed.translations } });
  });

  describe("an affected list's words in another language", () => {
    it("reads them in the page's language as the seed gives them, and says they are translated", async () => {
      const shape = (await ru()).record.affectedShape ?? expect.fail("no shape");
      expect([shape.unit.many, shape.roles.map((r) => r.label), shape.measures[0]?.name]).toEqual([
        "ответы",
        ["содержали фрагменты сеансов других клиентов", "фрагменты вашего сеанса попали к другому клиенту"],
        "длина запроса",
      ]);
      expect(languagesOf((await ru()).record)).toMatchObject({ shapeFrom: "en", fallbacks: 0 });
      expect((await readIncident(store(), SLUG, { locale: "en" }))?.record.affectedShape?.unit.many).toBe("responses");
    });

    it("clears and sets a word through the one verb, audited by its path; a cleared one is shown as written and counted", async () => {
      await put([{ subject: "shape", field: "roles/exposed/label", text: null }]);
      const cleared = (await ru()).record;
      expect(cleared.affectedShape?.roles[1]?.label).toBe("your session's fragments reached another customer");
      expect(languagesOf(cleared)).toMatchObject({ fallbacks: 1 });
      await put([{ subject: "shape", field: "roles/exposed/label", text: "фрагменты вашего сеанса попали к другому клиенту" }]);
      expect((await ru()).record.affectedShape?.roles[1]?.label).toBe("фрагменты вашего сеанса попали к другому клиенту");
      const audit = (await store().q.select().from(auditEntry).where(eq(auditEntry.incidentSlug, SLUG)).all()).at(-1);
      expect(audit?.after).toContain('"shape.roles/exposed/label":"фрагменты вашего сеанса попали к другому клиенту"');
    });

    it("refuses a word the shape does not have, naming those it has, and writes nothing", async () => {
      const before = await version();
      let refusal: unknown;
      try {
        await put([{ subject: "shape", field: "roles/nobody/label", text: "никто" }]);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DomainError);
      expect(String(refusal instanceof DomainError ? JSON.stringify(refusal.details) : "")).toContain("roles/recipient/label");
      expect(await version()).toBe(before);
    });
  });

  describe("a shape that changes", () => {
    it("takes a gone word's translations with it, so the record still exports and imports whole", async () => {
      const before = (await readIncident(store(), CHANGED, { translations: "all" })) ?? expect.fail("no incident");
      const shape = before.record.affectedShape ?? expect.fail("no shape");
      await setAffectedShape({ store: store(), actor: editor, slug: CHANGED, input: { version: before.version, shape: { ...shape, roles: shape.roles.filter((r) => r.key !== "exposed") } } });
      const after = (await readIncident(store(), CHANGED, { translations: "all" })) ?? expect.fail("no incident");
      const words = Object.keys(after.translations.ru?.shape ?? {});
      expect([words.includes("roles/recipient/label"), words.some((w) => w.startsWith("roles/exposed/"))]).toEqual([true, false]);
      expect(translationProblems(after.record, "en", "ru", after.translations.ru ?? {})).toEqual([]);
    });
  });
});
