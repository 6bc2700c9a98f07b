import fs from "node:fs";
import path from "node:path";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "next-intl";
import { IncidentCards } from "@/components/record/cards";
import { RecordArticle } from "@/components/record/article";
import { CATALOGUES } from "@/i18n/catalogue";
import type { Locale } from "@/i18n/locales";
import { prosePlain } from "@/lib/markdown/plain";
import type { CardView } from "@/view/card";
import type { IncidentView } from "@/view/incident";
import { wording } from "@/view/words";

// The exported HTML is rendered from the page's own components, so the two cannot drift: one file
// with the page's stylesheet inline, no script, nothing fetched, the same bytes on every run.

// From the project's folder, as the migrations are read: this module is compiled into more than one bundle.
const read = (file: string) => fs.readFileSync(path.resolve(process.cwd(), file), "utf8");
/** Comments and indentation out; nothing else is touched, so it stays the same CSS. */
const compact = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s*\n\s*/g, "").trim();
let stylesheet: string | undefined;
const css = () => (stylesheet ??= compact(read("publish/export.css") + read("components/record/record.css")));

// Not a Next page: this document is rendered by react-dom/server for a file of its own, its
// components translated by the provider it is wrapped in (the page's own use Next's request).
/* eslint-disable @next/next/no-head-element */
function page(locale: Locale, title: string, description: string, body: ReactNode): string {
  const html = renderToStaticMarkup(
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="color-scheme" content="light dark" />
        <style>{css()}</style>
      </head>
      <body>
        <IntlProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
          <div className="page">{body}</div>
        </IntlProvider>
      </body>
    </html>,
  );
  return `<!doctype html>\n${html}\n`;
}
/* eslint-enable @next/next/no-head-element */

/** One incident as a single self-contained HTML file: the page's record in UTC, without the page's own controls. */
export function renderIncidentHtml(view: IncidentView, schemaVersion: number): string {
  const { t } = wording(view.locale);
  return page(
    view.locale,
    t("exports.html.title", { title: view.title }),
    prosePlain(view.impact),
    <>
      <main>
        <RecordArticle view={view} />
      </main>
      <footer>
        <p>{t("exports.html.footer", { version: schemaVersion })}</p>
      </footer>
    </>,
  );
}

/** A page of the export's index among others: its place and the files of the pages beside it. */
export type IndexPaging = { number: number; of: number; previous: string | null; next: string | null };

/** The export's front page, or one page of it: its incidents, newest first, each linking to its page, Markdown and JSON. */
/** `neutral`: where the files that are the same in every language (incident.json) are, from this index ("../" from ru/). */
export function renderIndexHtml(cards: CardView[], { feedHref, paging, locale, neutral = "" }: { feedHref: string | null; paging?: IndexPaging; locale: Locale; neutral?: string }): string {
  const dir = (slug: string) => `incidents/${encodeURIComponent(slug)}/`;
  const { t } = wording(locale);
  return page(
    locale,
    t("exports.html.indexTitle"),
    t("exports.html.indexDescription"),
    <main className="record">
      <header>
        <h1>{t("exports.html.indexTitle")}</h1>
        <p className="muted">{t("exports.html.indexIntro")}</p>
        {feedHref && (
          <p className="small">
            <a href={feedHref} type="application/atom+xml">
              {t("exports.html.feed")}
            </a>
          </p>
        )}
      </header>
      {cards.length ? (
        <IncidentCards cards={cards} href={(slug) => `${dir(slug)}index.html`} files={(slug) => ({ md: `${dir(slug)}postmortem.md`, json: `${neutral}${dir(slug)}incident.json` })} />
      ) : (
        <p>{t("exports.html.empty")}</p>
      )}
      {paging && paging.of > 1 && (
        <nav aria-label={t("exports.html.pages")}>
          <p>
            {t("exports.html.page", { n: paging.number, of: paging.of })}{" "}
            {paging.previous && (
              <a href={paging.previous} rel="prev">
                ← {t("exports.html.newer")}
              </a>
            )}{" "}
            {paging.next && (
              <a href={paging.next} rel="next">
                {t("exports.html.older")} →
              </a>
            )}
          </p>
        </nav>
      )}
    </main>,
  );
}
