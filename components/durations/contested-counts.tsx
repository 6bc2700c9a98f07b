import { Cite } from "@/components/cite";
import { Prose } from "@/components/prose";
import type { ComputedClaim } from "@/domain/record/duration-length";

/** Claims that disagree are set side by side, with the reason, never resolved by dropping one. */
export function ContestedCounts({ claims }: { claims: ComputedClaim[] }) {
  const byKey = new Map(claims.map((c) => [c.key, c]));
  const pairs = claims.flatMap((c) => {
    const other = c.contestsKey ? byKey.get(c.contestsKey) : undefined;
    return other ? [{ claim: c, other }] : [];
  });
  return pairs.map(({ claim, other }) => (
    <aside
      key={claim.key}
      aria-label={`Disagreement: ${other.label}`}
      className="rounded-lg border border-amber-500 bg-amber-50 p-4 dark:border-amber-400 dark:bg-amber-950/40"
    >
      <p className="font-semibold">Two counts of the {other.label.toLowerCase()} disagree</p>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2">
        {[other, claim].map((c) => (
          <div key={c.key}>
            <dt className="text-sm text-slate-700 dark:text-slate-300">{c.countedBy}</dt>
            <dd className="text-2xl font-semibold">
              {c.length}
              <Cite numbers={c.cites} />
            </dd>
            <dd className="text-sm text-slate-700 dark:text-slate-300">
              <Prose text={c.method} />
            </dd>
          </div>
        ))}
      </dl>
      {claim.note && <Prose text={claim.note} className="mt-3 text-sm" />}
    </aside>
  ));
}
