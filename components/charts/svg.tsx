import { formatCount } from "@/lib/count";
import type { ReactNode } from "react";

/**
 * A viewBox scales its text with the box, so one drawing cannot stay legible at 390 px and at
 * 1440 px. Each chart is drawn at three widths and the stylesheet shows the one that fits (paper
 * gets the middle one). Plain SVG from the server: no script draws or reads it.
 */
export const VARIANTS = [
  { name: "n", width: 340 },
  { name: "m", width: 640 },
  { name: "w", width: 860 },
] as const;

export const FONT = 12;
const CHAR_WIDTH = 0.6; // of the font size: generous for system sans-serif digits and Latin letters
const WIDE_CHAR_WIDTH = 0.72; // Cyrillic and other letters past ASCII run wider, bold most of all

/** An estimate of text width: there is no DOM to measure with, and it must be the same everywhere. */
export const textWidth = (text: string, size: number = FONT) => [...text].reduce((w, c) => w + size * (c.charCodeAt(0) > 0x7f ? WIDE_CHAR_WIDTH : CHAR_WIDTH), 0);

/** Coordinates with at most one decimal, so the markup stays small and stable. */
export const n = (value: number) => Math.round(value * 10) / 10;

export function ChartVariants({ draw }: { draw: (width: number, narrow: boolean) => ReactNode }) {
  return VARIANTS.map((v) => (
    <div key={v.name} className={`v v-${v.name}`}>
      {draw(v.width, v.width < 500)}
    </div>
  ));
}

/** The svg element: an image whose <title> is its accessible name and what browsers show on hover (no aria-label: a page draws each chart thrice, once is enough). */
export function Svg({ width, height, label, children }: { width: number; height: number; label: string; children: ReactNode }) {
  return (
    <svg viewBox={`0 0 ${n(width)} ${n(height)}`} role="img">
      <title>{label}</title>
      {children}
    </svg>
  );
}

export function Txt({ x, y, children, className, anchor }: { x: number; y: number; children: string; className?: string; anchor?: "middle" | "end" }) {
  return (
    <text x={n(x)} y={n(y)} className={className} textAnchor={anchor}>
      {children}
    </text>
  );
}

export function Line({ x1, y1, x2, y2, className }: { x1: number; y1: number; x2: number; y2: number; className: string }) {
  return <line x1={n(x1)} y1={n(y1)} x2={n(x2)} y2={n(y2)} className={className} />;
}

export function Box({ x, y, w, h, className }: { x: number; y: number; w: number; h: number; className: string }) {
  return <rect x={n(x)} y={n(y)} width={n(Math.max(w, 0))} height={n(Math.max(h, 0))} className={className} />;
}

/**
 * A label that appears while the pointer is over its group (CSS only, so it works in the export
 * too): a plate with one line of text, kept inside the chart.
 */
export function HoverTip({ x, y, text, width }: { x: number; y: number; text: string; width: number }) {
  const w = textWidth(text) + 12;
  const left = Math.min(Math.max(x - w / 2, 2), width - w - 2);
  const top = Math.max(y - 26, 2);
  return (
    <g className="tip" aria-hidden="true">
      <rect x={n(left)} y={n(top)} width={n(w)} height={20} rx={3} className="tip-plate" />
      <text x={n(left + 6)} y={n(top + 14)}>
        {text}
      </text>
    </g>
  );
}

/** Axis ticks at 1, 2 or 5 × 10^k from 0 to at least max; integers only when asked. */
export function niceTicks(max: number, target: number, integer = false): number[] {
  const top = max > 0 ? max : 1;
  const raw = top / Math.max(target, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const step = integer ? Math.max(1, Math.ceil(unit)) : unit;
  const ticks: number[] = [];
  for (let i = 0; ; i++) {
    const t = Math.round(i * step * 1e6) / 1e6;
    ticks.push(t);
    if (t >= top) break;
  }
  return ticks;
}

/** Splits text into lines of at most `max` characters, at spaces where it can; a longer word is cut. */
export function wrapWords(content: string, max: number): string[] {
  const lines: string[] = [];
  let current = "";
  const words = content.split(/\s+/).filter(Boolean).flatMap((w) => w.match(new RegExp(`.{1,${Math.max(max, 1)}}`, "gu")) ?? []);
  for (const word of words) {
    if (current && `${current} ${word}`.length > max) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** A multi-line <text>, first baseline at y. */
export function TextLines({ x, y, lines, className, anchor, lineHeight = 14 }: { x: number; y: number; lines: string[]; className?: string; anchor?: "end"; lineHeight?: number }) {
  return (
    <text x={n(x)} y={n(y)} className={className} textAnchor={anchor}>
      {lines.map((l, i) => (
        <tspan key={i} x={n(x)} dy={i === 0 ? 0 : lineHeight}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

/** The count axis shared by the bar charts: gridlines with their labels, and the baseline. */
export function CountAxis({ ticks, y, left, right, base, locale }: { ticks: number[]; y: (v: number) => number; left: number; right: number; base: number; locale: string }) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t}>
          <Line x1={left} y1={y(t)} x2={right} y2={y(t)} className="gridline" />
          <Txt x={left - 6} y={y(t) + 4} anchor="end" className="tick">
            {formatCount(t, locale)}
          </Txt>
        </g>
      ))}
      <Line x1={left} y1={base} x2={right} y2={base} className="axis" />
    </>
  );
}
