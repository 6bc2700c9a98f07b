/**
 * Recharts renders SVG on the server only at a fixed size, so each chart is drawn at a few widths
 * and CSS shows the one that fits. All are in the HTML before any JavaScript runs.
 */
export const CHART_SIZES = {
  narrow: { width: 350, className: "block sm:hidden" },
  medium: { width: 600, className: "hidden sm:block lg:hidden" },
  wide: { width: 1040, className: "hidden lg:block" },
} as const;
export type ChartVariant = keyof typeof CHART_SIZES;
export const CHART_VARIANTS = Object.keys(CHART_SIZES) as ChartVariant[];

export const AXIS_TICK = { fill: "var(--chart-ink)", fontSize: 12 } as const;
