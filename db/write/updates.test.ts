import { describe, expect, it } from "vitest";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { renderAtomFeed } from "@/publish/atom";
import { renderMarkdown } from "@/publish/markdown";
import { cardView } from "@/view/card";
import { incidentView } from "@/view/incident";
import { ENGINES, testStores } from "@/tests/support/stores";
import { readDashboard } from "../read/dashboard";
import { readIncident } from "../read/incident";
import { addItem } from "./collections";
import { createIncident, setPublished } from "./incident";

// An incident published while it is open, with its updates only: no postmortem, no event, no source.
const kit = testStores("updates", { seed: false });
const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };
const slug = "queue-stall";

describe.each(ENGINES)("on %s", (engine) => {
  const store = () => kit.store(engine);
  const version = async () => (await readIncident(store(), slug, { drafts: true }))?.version ?? 0;
  const post = async (item: Record<string, unknown>) => addItem({ store: store(), actor: editor, slug, collection: "updates", input: { version: await version(), item } });

  describe("an open incident's updates", () => {
    it("publishes an incident that has updates only, and lists it by its newest update", async () => {
      await createIncident({
        store: store(),
        actor: editor,
        input: { slug, title: "Queues stalled", summary: "Jobs wait.", provider: "Example", service: "Queues", status: "investigating", impact: "Jobs are delayed.", cause: "Not known yet.", cites: [] },
      });
      await post({ at: "2026-12-01T09:02Z", status: "investigating", body: "We are looking into delayed jobs." });
      await post({ at: "2026-12-01T09:40Z", status: "identified", body: "A full disk on one broker; **moving** its queues." });
      await setPublished({ store: store(), actor: editor, slug, input: { version: await version() }, published: true });
      const board = await store().read((tx) => readDashboard(tx, {}));
      expect(board.page.rows.map((r) => r.slug)).toEqual([slug]);
      expect(board.page.rows[0]?.latestAt).toBe("2026-12-01T09:40:00Z");
      expect(board.facets.year).toEqual([{ value: "2026", count: 1 }]);
    });

    it("shows them newest first on the page, the card, the Markdown and the feed", async () => {
      const stored = await readIncident(store(), slug);
      if (!stored) throw new Error("not published");
      const view = incidentView(stored, "en");
      const section = view.sections[0];
      expect(section?.id).toBe("updates");
      if (section?.id !== "updates") return;
      expect(section.updates.map((u) => [u.label, u.when])).toEqual([
        ["Identified", "1 December 2026, 09:40 UTC"],
        ["Investigating", "1 December 2026, 09:02 UTC"],
      ]);
      const card = cardView(stored);
      expect(card.news).toMatchObject({ label: "Identified", when: "1 December 2026, 09:40 UTC" });
      const markdown = renderMarkdown(view, 3);
      expect(markdown).toContain("## Updates");
      expect(markdown.indexOf("**Identified**")).toBeLessThan(markdown.indexOf("**Investigating**"));
      const feed = renderAtomFeed([card], { baseUrl: "https://example.org/", feedUrl: "feed.xml", locale: "en" });
      expect(feed).toContain("Latest update (Identified, 1 December 2026, 09:40 UTC): A full disk on one broker; moving its queues.");
    });

    it("refuses an update whose time is not a UTC minute or whose status is not one of Statuspage's, naming the field", async () => {
      const refused = async (item: Record<string, unknown>) => {
        try {
          await post(item);
        } catch (error) {
          return error instanceof DomainError ? error.details : error;
        }
        return "taken";
      };
      expect(JSON.stringify(await refused({ at: "2026-12-01 09:40", status: "identified", body: "x" }))).toContain("a UTC time to the minute");
      expect(JSON.stringify(await refused({ at: "2026-12-01T09:40Z", status: "fixed", body: "x" }))).toContain("status");
      expect(JSON.stringify(await refused({ at: "2026-12-01T09:40Z", status: "resolved", body: "  " }))).toContain("body");
    });
  });
});
