import type { ReactNode } from "react";
import { CHART_SIZES, CHART_VARIANTS, type ChartVariant } from "./sizes";

/** A captioned figure holding both sizes of one chart. */
export function ChartFrame({
  id,
  caption,
  children,
}: {
  id: string;
  caption: ReactNode;
  children: (variant: ChartVariant, width: number) => ReactNode;
}) {
  return (
    <figure data-chart={id} className="min-w-0 overflow-hidden rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <figcaption className="mb-2 text-sm text-slate-700 dark:text-slate-300">{caption}</figcaption>
      {CHART_VARIANTS.map((variant) => (
        <div key={variant} className={CHART_SIZES[variant].className}>
          {children(variant, CHART_SIZES[variant].width)}
        </div>
      ))}
    </figure>
  );
}
