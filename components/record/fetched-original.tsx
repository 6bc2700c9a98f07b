"use client";

import { useEffect } from "react";

/** What the page says while it fetches an original, by the original's language where it names one. */
export type OriginalWords = { label: Record<string, string>; loading: string; failed: string; changed: string };
type Props = { src: string; updatedAt: string; words: OriginalWords };

const field = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? new Map(Object.entries(value)).get(key) : undefined);

/** The text at an RFC 6901 pointer: a string, or a translation's entry ({ text, … }); null when it is not there. */
export function textAt(doc: unknown, pointer: string): string | null {
  const found = pointer
    .split("/")
    .slice(1)
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((at, token) => field(at, token), doc);
  const text = typeof found === "string" ? found : field(found, "text");
  return typeof text === "string" ? text : null;
}

/** A line in the original's place; the link to the page in its language stays only when the text cannot be shown. */
function say(box: HTMLElement, link: HTMLElement, text: string, keepLink: boolean) {
  const p = box.appendChild(document.createElement("p"));
  p.className = "rt-label";
  p.textContent = text;
  link.hidden = !keepLink;
}

/** The place an original is shown in: after the details' link, in the original's language, announced when it changes. */
function boxOf(link: HTMLAnchorElement): HTMLElement {
  if (link.nextElementSibling instanceof HTMLDivElement) return link.nextElementSibling;
  const box = Object.assign(document.createElement("div"), { lang: link.hreflang });
  box.setAttribute("aria-live", "polite");
  link.after(box);
  return box;
}

/**
 * The originals of a published incident's translated texts: each <details data-original> names its
 * text's place in incident.json (translation-overlay.ts) and holds a link to the page in that
 * language. When one is first opened, the file is fetched once for the page and the text shown in
 * the link's place, only if the file is the version of the record this page was made from.
 */
export function FetchedOriginals({ src, updatedAt, words }: Props) {
  useEffect(() => {
    let file: Promise<unknown> | null = null;
    const load = () => (file ??= fetch(src, { headers: { accept: "application/json" } }).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`)))));
    const opened = (event: Event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open || details.dataset.fetched) return;
      const at = details.dataset.original;
      const link = details.querySelector(":scope > a");
      if (!at || !(link instanceof HTMLAnchorElement)) return;
      const box = boxOf(link);
      details.dataset.fetched = "1";
      box.replaceChildren();
      box.setAttribute("aria-busy", "true");
      say(box, link, words.loading, false);
      Promise.all([load(), import("@/lib/markdown/html")])
        .then(([doc, { proseHtml }]) => {
          box.replaceChildren();
          const text = field(doc, "updatedAt") === updatedAt ? textAt(doc, at) : null;
          if (text === null) return say(box, link, words.changed, true);
          say(box, link, words.label[box.lang] ?? "", false);
          // The exports' renderer: every text escaped, only prose's few elements, links held to http(s) and mailto.
          box.appendChild(Object.assign(document.createElement("div"), { className: "md", innerHTML: proseHtml(text) }));
        })
        .catch(() => {
          file = null;
          delete details.dataset.fetched;
          box.replaceChildren();
          say(box, link, words.failed, true);
        })
        .finally(() => box.removeAttribute("aria-busy"));
    };
    // toggle does not bubble; a listener on the document's capture phase still hears every one.
    document.addEventListener("toggle", opened, true);
    return () => document.removeEventListener("toggle", opened, true);
  }, [src, updatedAt, words]);
  return null;
}
