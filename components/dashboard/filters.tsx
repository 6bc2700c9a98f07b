import Link from "next/link";
import { BUTTON, INPUT } from "@/components/ui/styles";
import type { DashboardQuery, Facet } from "@/view/dashboard";

type Facets = { provider: Facet[]; kind: Facet[]; year: Facet[]; status: Facet[] };
const FIELD = "min-w-0";

function Choice({ name, label, facets, chosen }: { name: keyof Facets; label: string; facets: Facet[]; chosen: string | undefined }) {
  return (
    <div className={FIELD}>
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={chosen ?? ""} className={INPUT}>
        <option value="">Any</option>
        {/* A value the address asks for that no published incident has stays chosen, with its count. */}
        {chosen !== undefined && !facets.some((f) => f.value === chosen) && <option value={chosen}>{chosen} (0)</option>}
        {facets.map((f) => (
          <option key={f.value} value={f.value}>
            {f.value} ({f.count})
          </option>
        ))}
      </select>
    </div>
  );
}

/** A plain GET form: the filters and the search live in the address, work without script and can be shared. */
export function DashboardFilters({ facets, asked }: { facets: Facets; asked: DashboardQuery }) {
  return (
    <form method="get" action="/" role="search" aria-label="Search and filter incidents" className="my-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-6">
      <div className={`${FIELD} sm:col-span-2`}>
        <label htmlFor="filter-q">Search incidents, their timelines, sources and findings</label>
        <input id="filter-q" name="q" type="search" defaultValue={asked.q ?? ""} maxLength={200} className={INPUT} />
      </div>
      <Choice name="provider" label="Provider" facets={facets.provider} chosen={asked.provider} />
      <Choice name="kind" label="Kind" facets={facets.kind} chosen={asked.kind} />
      <Choice name="year" label="Year" facets={facets.year} chosen={asked.year} />
      <Choice name="status" label="Status" facets={facets.status} chosen={asked.status} />
      <div className="flex items-end gap-4 sm:col-span-2 lg:col-span-6">
        <button type="submit" className={BUTTON}>
          Show
        </button>
        <Link href="/">Clear the search and filters</Link>
      </div>
    </form>
  );
}
