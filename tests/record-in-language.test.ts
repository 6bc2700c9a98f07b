import { describe, expect, it } from "vitest";
import { SECOND_SLUG, SLUG, THIRD_SLUG } from "./support/contract";
import { decodeEntities } from "./support/html";
import { fileServer } from "./support/file-server";

// Where the record has a text in the reader's language, every page and file in that language shows
// that text, not the record's own: the lists (cards, /compare, the feed) as the incident's page does,
// and the affected list's words (its unit, roles, measures) with them. An original shown on purpose
// (a quote's, a translation's) is in an element of its own language, so it is left out here.

const baseURL = fileServer().baseURL;
type Doc = { record: { incident: { title: string } }; translations?: { ru?: { incident?: { title?: string }; shape?: Record<string, string | { text: string }> } } };

/** A page's HTML before its payload, without the parts marked as in English (originals, quotes, untranslated texts). */
async function russianOf(path: string): Promise<string> {
  const raw = await (await fetch(new URL(path, baseURL))).text();
  const html = raw.slice(0, raw.indexOf("<script>self.__next_f") >>> 0);
  return decodeEntities(html.replace(/<!-- -->/g, "").replace(/<(\w+)[^>]*\blang="en"[^>]*>[\s\S]*?<\/\1>/g, ""));
}
const documentOf = async (slug: string): Promise<Doc> => (await fetch(new URL(`/incidents/${slug}/incident.json`, baseURL))).json();

describe("the record in the reader's language, everywhere", () => {
  it("shows each incident's Russian title on the lists in Russian, never its English one", async () => {
    // Other files share this server: they may clear a translation, or import a copy under another
    // address; so each list is read at the links to the shipped incidents that have a Russian title now.
    const docs = (await Promise.all([SLUG, SECOND_SLUG, THIRD_SLUG].map(async (slug) => ({ slug, doc: await documentOf(slug) })))).flatMap(({ slug, doc }) => {
      const russian = doc.translations?.ru?.incident?.title;
      return russian ? [{ slug, russian }] : [];
    });
    expect(docs.length).toBeGreaterThan(0);
    const titled = (page: string, slug: string) => [...page.matchAll(new RegExp(`<a [^>]*href="/ru/incidents/${slug}"[^>]*>([^<]*)</a>`, "g"))].map((m) => m[1] ?? "");
    for (const path of ["/ru", `/ru/compare?incident=${SLUG}&incident=${SECOND_SLUG}`, `/ru/incidents/${SLUG}/changes`]) {
      const page = await russianOf(path);
      const shown = docs.flatMap((d) => titled(page, d.slug).map((title) => ({ russian: d.russian, title })));
      expect([path, shown.length > 0]).toEqual([path, true]);
      for (const { russian, title } of shown) expect([path, title.replace(/^← /, "")]).toEqual([path, russian]);
    }
  });

  it("says the affected list's words in Russian on the incident's page and its lookup, and that they are translated", async () => {
    const words = (doc: Doc) => Object.values(doc.translations?.ru?.shape ?? {}).map((w) => (typeof w === "string" ? w : w.text));
    const glm = await documentOf(SLUG);
    const page = await russianOf(`/ru/incidents/${SLUG}`);
    expect(page).toContain("Содержали фрагменты сеансов других клиентов (155)");
    expect(page).toContain("Слова затронутого списка (единица, роли, величины) переведены с английского.");
    expect(page).not.toMatch(/received another customer|your session's fragments|prompt length/i);
    expect(words(glm).length).toBeGreaterThan(10);
    const lookup = await russianOf(`/ru/incidents/${SLUG}/lookup`);
    expect(lookup).toContain("Идентификатор аккаунта Cloudflare");
    expect(lookup).not.toMatch(/Cloudflare account ID/);
    // The list's note has no translation: it is shown in its own language, and says so.
    for (const html of [page, lookup]) expect(html).toContain("(ещё не переведено; по-английски)");
  });
});
