import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { overlayRecord } from "@/domain/record/translation-overlay";
import { RecordText, RecordWords } from "./record-text";

// The labels the page and the exported HTML put on the record's texts (translation-overlay.ts).
const glm = readSeedIncident("glm-5-3-kv-cache-exposure");
const chatgpt = readSeedIncident("chatgpt-redis-py-cross-user-exposure");
const html = (node: React.ReactNode) => renderToStaticMarkup(<>{node}</>);

describe("a text of the record in the reader's language", () => {
  it("says a translation is one, with the original one click away in its own language", () => {
    const ru = overlayRecord(chatgpt.record, "en", chatgpt.translations, "ru");
    const out = html(<RecordText of={ru.incident} field="summary" />);
    expect(out).toContain("<summary>переведено с английского</summary>");
    expect(out).toMatch(/<details class="rt-original"><summary>[^<]*<\/summary><div lang="en">/);
    expect(out).toContain("OpenAI took ChatGPT offline");
  });

  it("sets a quote's original beside it, and says nothing of a text in its own words", () => {
    const en = overlayRecord(glm.record, "en", glm.translations, "en");
    const out = html(<RecordText of={en.reactions[0] ?? {}} field="statement" />);
    expect(out).toMatch(/<blockquote lang="ru"><p class="rt-label">Original \(Russian\)<\/p>/);
    expect(out).toContain("ускорит развитие угроз");
    expect(out).not.toContain("<details");
    const ru = overlayRecord(glm.record, "en", glm.translations, "ru");
    expect(html(<RecordText of={ru.reactions[0] ?? {}} field="statement" />)).not.toMatch(/rt-label|<details|lang=/);
  });

  it("labels a text not yet translated and gives it its own lang, in a block and in a sentence", () => {
    const bare = overlayRecord(chatgpt.record, "en", {}, "ru");
    expect(html(<RecordText of={bare.incident} field="impact" />)).toMatch(/^<div class="rt"><div lang="en">.*<p class="rt-label">ещё не переведено; по-английски<\/p><\/div>$/);
    expect(html(<RecordWords of={bare.incident} field="title" />)).toBe(`<span lang="en">${chatgpt.record.incident.title}</span> <span class="rt-label">(ещё не переведено; по-английски)</span>`);
  });
});
