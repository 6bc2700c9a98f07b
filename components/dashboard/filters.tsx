import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { localized } from "@/i18n/locales";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { DashboardQuery, Facet } from "@/view/dashboard";
import { formatCount } from "@/lib/count";

type Facets = { provider: Facet[]; kind: Facet[]; year: Facet[]; status: Facet[] };
const FIELD = "min-w-0";

function Choice({ name, label, facets, chosen }: { name: keyof Facets; label: string; facets: Facet[]; chosen: string | undefined }) {
  const t = useTranslations("public.filters");
  const status = useTranslations("record.incident");
  const locale = useLocale();
  // A status is a word of the page's language; providers, kinds and years are the records' own.
  const shown = (value: string) => (name === "status" ? status("status", { status: value }) : value);
  return (
    <div className={FIELD}>
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={chosen ?? ""} className={INPUT}>
        <option value="">{t("any")}</option>
        {/* A value the address asks for that no published incident has stays chosen, with its count. */}
        {chosen !== undefined && !facets.some((f) => f.value === chosen) && <option value={chosen}>{shown(chosen)} (0)</option>}
        {facets.map((f) => (
          <option key={f.value} value={f.value}>
            {shown(f.value)} ({formatCount(f.count, locale)})
          </option>
        ))}
      </select>
    </div>
  );
}

/** A plain GET form: the filters and the search live in the address, work without script and can be shared. */
export function DashboardFilters({ facets, asked }: { facets: Facets; asked: DashboardQuery }) {
  const t = useTranslations("public.filters");
  const locale = useLocale();
  return (
    <form method="get" action={localized(locale, "/")} role="search" aria-label={t("label")} className="my-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-6">
      <div className={`${FIELD} sm:col-span-2`}>
        <label htmlFor="filter-q">{t("search")}</label>
        <input id="filter-q" name="q" type="search" defaultValue={asked.q ?? ""} maxLength={200} className={INPUT} />
      </div>
      <Choice name="provider" label={t("provider")} facets={facets.provider} chosen={asked.provider} />
      <Choice name="kind" label={t("kind")} facets={facets.kind} chosen={asked.kind} />
      <Choice name="year" label={t("year")} facets={facets.year} chosen={asked.year} />
      <Choice name="status" label={t("status")} facets={facets.status} chosen={asked.status} />
      <div className="flex items-end gap-4 sm:col-span-2 lg:col-span-6">
        <button type="submit" className={BUTTON}>
          {t("show")}
        </button>
        <Link href={localized(locale, "/")}>{t("clear")}</Link>
      </div>
    </form>
  );
}
