import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/domain/errors";
import type { Actor } from "@/domain/access";
import { type AffectedShape, storedShape } from "@/domain/record/affected-shape";
import { loadSeed } from "@/db/seed/load";
import { readIncident } from "@/db/read/incident";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";
import { incident } from "../schema";
import { setAffectedShape } from "./affected-shape";

// A shape change on the shipped incident's live sample (155 rows, every one a "recipient", each with
// a request id), loaded through the Store on each engine: applied to every row when they all fit it,
// refused naming the rows when some would not survive it, and then nothing changes.
const kit = testStores("shape-change", { seed: false });
const SLUG = "glm-5-3-kv-cache-exposure";
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  const current = async () => {
    const row = await store().q.select({ version: incident.version, shape: incident.affectedShape }).from(incident).where(eq(incident.slug, SLUG)).get();
    if (!row) throw new Error(`no incident ${SLUG}`);
    return { version: row.version, shape: storedShape(row.shape) as AffectedShape };
  };
  const put = async (shape: AffectedShape) => setAffectedShape({ store: store(), actor: editor, slug: SLUG, input: { version: (await current()).version, shape } });
  const refusal = async (shape: AffectedShape): Promise<DomainError> => {
    try {
      await put(shape);
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
    throw new Error("the change was not refused");
  };

  describe("setAffectedShape on a list that holds rows", () => {
    it("applies a change every row fits: a role no row has goes, a data class is added, and the counts follow", async () => {
      await loadSeed(store(), TEST_SECRET);
      const { shape } = await current();
      await put({ ...shape, roles: shape.roles.filter((r) => r.key !== "exposed"), dataClasses: [{ key: "prompt-text", label: "the text of a prompt", meaning: "Words of a prompt." }] });
      const summary = (await readIncident(store(), SLUG))?.affected?.summary;
      expect(summary?.total).toBe(155);
      expect(summary?.byRole).toEqual({ recipient: 155 });
      expect(summary?.byClass).toEqual({ "prompt-text": 0 });
    });

    it("refuses one some rows would not survive, naming how many and some of their request ids, and changes nothing", async () => {
      const before = await current();
      const other = { key: "other", label: "another role", meaning: "Another role." };
      const error = await refusal({ ...before.shape, roles: [other], time: "day" });
      expect(error.code).toBe("conflict");
      expect(error.message).toMatch(/^Nothing was changed: the affected list holds 155 rows/);
      expect(error.message).toContain("all 155 rows were stored with an instant each");
      expect(error.message).toMatch(/155 rows have \(among them request [^,)]+, [^,)]+, [^,)]+\) the role "recipient", which this shape no longer has/);
      expect(await current()).toEqual(before);
      expect((await readIncident(store(), SLUG))?.affected?.summary.byRole).toEqual({ recipient: 155 });
    });
  });
});
