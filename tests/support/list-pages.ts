import { decodeEntities } from "./html";

/**
 * Every page of a paged list (the front page, the feed) as one text, from `first` on through each page's "next" link, as
 * a reader pages it: the shared test server holds other files' incidents too, so a test of a
 * list's content reads the whole of it rather than its first page.
 */
export async function everyListPage(baseURL: string, first = "/"): Promise<string> {
  const pages: string[] = [];
  for (let at: URL | null = new URL(first, baseURL); at !== null && pages.length < 100; ) {
    const response: Response = await fetch(at);
    if (response.status !== 200) throw new Error(`${at.href} answered ${response.status}`);
    const text = await response.text();
    pages.push(text);
    // A page's link (HTML), or a paged feed's (Atom, RFC 5005), relative to the page it is on.
    const next = /<a href="([^"]+)" rel="next">/.exec(text)?.[1] ?? /<link rel="next" type="application\/atom\+xml" href="([^"]+)"\/>/.exec(text)?.[1];
    at = next ? new URL(decodeEntities(next), at) : null;
  }
  return pages.join("\n");
}
