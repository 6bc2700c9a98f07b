import { Cite } from "@/components/cite";
import { Prose } from "@/components/prose";
import type { RecommendationAudience, RecommendationStatus } from "@/domain/record/constants";

type Recommendation = { id: number; audience: RecommendationAudience; text: string; status: RecommendationStatus; cites: number[] };

const GROUPS: Array<{ audience: RecommendationAudience; title: string; id: string }> = [
  { audience: "tenant", title: "What tenants should do", id: "advice-tenants" },
  { audience: "provider", title: "What the provider changed", id: "advice-remediation" },
  { audience: "watch", title: "What to watch next", id: "advice-watch" },
];

const STATUS_LABEL: Record<RecommendationStatus, string> = {
  advised: "advised",
  done: "done",
  "in-progress": "in progress",
  open: "open",
};

export function Advice({ recommendations }: { recommendations: Recommendation[] }) {
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      {GROUPS.map((g) => {
        const items = recommendations.filter((r) => r.audience === g.audience);
        if (items.length === 0) return null;
        return (
          <div key={g.audience}>
            <h3 id={g.id} className="text-lg font-semibold">
              {g.title}
            </h3>
            <ul className="mt-3 space-y-2">
              {items.map((r) => (
                <li key={r.id} className="flex gap-2">
                  <span className="mt-0.5 h-fit shrink-0 rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    {STATUS_LABEL[r.status]}
                  </span>
                  <Prose text={r.text} after={<Cite numbers={r.cites} />} className="min-w-0" />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
