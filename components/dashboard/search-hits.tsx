import { useTranslations } from "next-intl";
import { HitLanguage } from "@/components/search/hit-language";
import type { DashboardView } from "@/view/dashboard";
import { Marked } from "./marked";

/** The search's hits, grouped by incident, each linked to its place on the incident's page. */
export function SearchHits({ search }: { search: NonNullable<DashboardView["search"]> }) {
  const t = useTranslations("public.dashboard");
  return (
    <section aria-labelledby="hits-heading" className="hits">
      <h2 id="hits-heading">{search.heading}</h2>
      {search.groups.map((g) => (
        <section key={g.slug} aria-label={t("hitsIn", { incident: g.incident })}>
          <h3>{g.incident}</h3>
          <ol>
            {g.hits.map((h) => (
              <li key={`${h.kind}-${h.ref}`}>
                <p className="small muted">
                  {h.what}
                  <HitLanguage locale={h.locale} />
                </p>
                <p>
                  <a href={h.href} lang={h.titleLocale}>
                    <Marked text={h.title} />
                  </a>
                </p>
                {h.snippet && (
                  <p className="small" lang={h.locale}>
                    <Marked text={h.snippet} />
                  </p>
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}
