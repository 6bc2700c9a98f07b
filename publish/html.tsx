import fs from "node:fs";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IncidentCards } from "@/components/record/cards";
import { RecordArticle } from "@/components/record/article";
import { prosePlain } from "@/lib/markdown/plain";
import type { CardView } from "@/view/card";
import type { IncidentView } from "@/view/incident";

// The exported HTML is rendered from the page's own components, so the two cannot drift: one file
// with the page's stylesheet inline, no script, nothing fetched, the same bytes on every run.

const read = (file: string) => fs.readFileSync(new URL(file, import.meta.url), "utf8");
/** Comments and indentation out; nothing else is touched, so it stays the same CSS. */
const compact = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s*\n\s*/g, "").trim();
let stylesheet: string | undefined;
const css = () => (stylesheet ??= compact(read("./export.css") + read("../components/record/record.css")));

// Not a Next page: this document is rendered by react-dom/server for a file of its own.
/* eslint-disable @next/next/no-head-element */
function page(title: string, description: string, body: ReactNode): string {
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="color-scheme" content="light dark" />
        <style>{css()}</style>
      </head>
      <body>
        <div className="page">{body}</div>
      </body>
    </html>,
  );
  return `<!doctype html>\n${html}\n`;
}
/* eslint-enable @next/next/no-head-element */

/** One incident as a single self-contained HTML file: the page's record in UTC, without the page's own controls. */
export function renderIncidentHtml(view: IncidentView, schemaVersion: number): string {
  return page(
    `${view.title} · Aftermath`,
    prosePlain(view.impact),
    <>
      <main>
        <RecordArticle view={view} />
      </main>
      <footer>
        <p>
          Exported from Aftermath (schema version {schemaVersion}). All times are UTC; numbers in brackets cite the sources listed
          above.
        </p>
      </footer>
    </>,
  );
}

/** A page of the export's index among others: its place and the files of the pages beside it. */
export type IndexPaging = { number: number; of: number; previous: string | null; next: string | null };

/** The export's front page, or one page of it: its incidents, newest first, each linking to its page, Markdown and JSON. */
export function renderIndexHtml(cards: CardView[], { feedHref, paging }: { feedHref: string | null; paging?: IndexPaging }): string {
  const dir = (slug: string) => `incidents/${encodeURIComponent(slug)}/`;
  return page(
    "Aftermath postmortems",
    "Postmortems of incidents, each with its timeline, durations and sources.",
    <main className="record">
      <header>
        <h1>Aftermath postmortems</h1>
        <p className="muted">Self-contained records of incidents and their sources. All times are UTC.</p>
        {feedHref && (
          <p className="small">
            <a href={feedHref} type="application/atom+xml">
              Atom feed of these postmortems
            </a>
          </p>
        )}
      </header>
      {cards.length ? (
        <IncidentCards cards={cards} href={(slug) => `${dir(slug)}index.html`} files={(slug) => ({ md: `${dir(slug)}postmortem.md`, json: `${dir(slug)}incident.json` })} />
      ) : (
        <p>No incidents have been exported.</p>
      )}
      {paging && paging.of > 1 && (
        <nav aria-label="Pages of postmortems">
          <p>
            Page {paging.number} of {paging.of}.{" "}
            {paging.previous && (
              <a href={paging.previous} rel="prev">
                ← Newer postmortems
              </a>
            )}{" "}
            {paging.next && (
              <a href={paging.next} rel="next">
                Older postmortems →
              </a>
            )}
          </p>
        </nav>
      )}
    </main>,
  );
}
