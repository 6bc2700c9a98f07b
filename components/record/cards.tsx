import { useLocale, useTranslations } from "next-intl";
import type { CardView } from "@/view/card";
import { formatCount } from "@/lib/count";
import { FigureValue } from "./figure-value";
import { Prose } from "./prose";

/**
 * Incidents as a list shows them, newest first: the front page, and the export's index (where
 * `href` points at the exported files and `files` adds their Markdown and JSON).
 */
export function IncidentCards({
  cards,
  href,
  files,
  compareForm,
}: {
  cards: CardView[];
  href: (slug: string) => string;
  files?: (slug: string) => { md: string; json: string };
  /** The id of the GET form to /compare that each card's checkbox belongs to (the front page's). */
  compareForm?: string;
}) {
  const t = useTranslations("record.cards");
  return (
    <ul className="incidents">
      {cards.map((c) => (
        <li key={c.slug}>
          <p className="small muted">
            {[c.provider, c.service, c.kind, c.statusLabel].filter((part) => part !== null).join(" · ")}
            {c.when && (
              <>
                <br />
                {c.when.label}: {c.when.range}
              </>
            )}
          </p>
          <h2>
            <a href={href(c.slug)}>{c.title}</a>
          </h2>
          {c.news && (
            <p className="small">
              <span className="status">{c.news.label}</span> <time dateTime={c.news.dateTime}>{c.news.when}</time>
            </p>
          )}
          <Prose text={c.impact} />
          <CardStats card={c} />
          {compareForm && (
            <p className="small">
              <label className="inline-flex items-center gap-2">
                <input type="checkbox" name="incident" value={c.slug} form={compareForm} />
                {t("compare")}<span className="sr-only"> {c.title}</span>
              </label>
            </p>
          )}
          {files && (
            <p className="small">
              <a href={href(c.slug)}>{t("postmortem")}</a> · <a href={files(c.slug).md}>{t("markdown")}</a> ·{" "}
              <a href={files(c.slug).json}>{t("json")}</a>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A card's headline figures, its lead lengths and its affected count. */
function CardStats({ card }: { card: CardView }) {
  const t = useTranslations("record");
  const locale = useLocale();
  return (
    <dl className="stats">
      {card.figures.map((f, i) => (
        <div key={i}>
          <dt>{f.label}</dt>
          <dd>
            <FigureValue value={f.value} unit={f.unit} />
          </dd>
        </div>
      ))}
      {card.durations.map((d) => (
        <div key={d.key}>
          <dt>{d.label}</dt>
          <dd>{d.display}</dd>
        </div>
      ))}
      {card.affected && (
        <div>
          <dt>
            {t("affected.stat", { unit: card.affected.unitMany })}
            {card.affected.sample ? t("cards.sampleData") : ""}
          </dt>
          <dd>{formatCount(card.affected.total, locale)}</dd>
        </div>
      )}
    </dl>
  );
}
