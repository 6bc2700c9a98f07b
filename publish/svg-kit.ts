import { escapeHtml } from "@/lib/escape";

/**
 * A viewBox scales its text with the box, so one drawing cannot stay legible at 390 px and at
 * 1440 px. Each chart is drawn at three widths and the stylesheet shows the one that fits (paper
 * gets the middle one), as the live page does with its recharts variants.
 */
export const VARIANTS = [
  { name: "n", width: 340 },
  { name: "m", width: 640 },
  { name: "w", width: 860 },
] as const;

export const FONT = 12;
const CHAR_WIDTH = 0.6; // of the font size: generous for system sans-serif digits and letters

/** An estimate of text width: there is no DOM to measure with, and it must be the same everywhere. */
export const textWidth = (text: string, size: number = FONT) => text.length * size * CHAR_WIDTH;

/** Coordinates with at most one decimal, so the bytes stay small and stable. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

export function chartVariants(render: (width: number, narrow: boolean) => string): string {
  return VARIANTS.map((v) => `<div class="v v-${v.name}">${render(v.width, v.width < 500)}</div>`).join("");
}

/** The svg element: role="img" with its accessible name, and a <title> that browsers show on hover. */
export function svg(width: number, height: number, label: string, body: string): string {
  const name = escapeHtml(label);
  return `<svg viewBox="0 0 ${n(width)} ${n(height)}" role="img" aria-label="${name}"><title>${name}</title>${body}</svg>`;
}

export function text(x: number, y: number, content: string, attrs = ""): string {
  return `<text x="${n(x)}" y="${n(y)}"${attrs ? ` ${attrs}` : ""}>${escapeHtml(content)}</text>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, cls: string): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" class="${cls}"/>`;
}

export function rect(x: number, y: number, w: number, h: number, cls: string, title?: string): string {
  const tip = title ? `<title>${escapeHtml(title)}</title>` : "";
  const attrs = `x="${n(x)}" y="${n(y)}" width="${n(Math.max(w, 0))}" height="${n(Math.max(h, 0))}" class="${cls}"`;
  return tip ? `<rect ${attrs}>${tip}</rect>` : `<rect ${attrs}/>`;
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

/** Splits text into lines of at most `max` characters, at spaces where it can. */
export function wrapWords(content: string, max: number): string[] {
  const lines: string[] = [];
  let current = "";
  // A word longer than a line is cut into line-long pieces: SVG text never wraps, it is clipped.
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
export function textLines(x: number, y: number, lines: string[], attrs: string, lineHeight = 14): string {
  const spans = lines.map((l, i) => `<tspan x="${n(x)}" dy="${i === 0 ? 0 : lineHeight}">${escapeHtml(l)}</tspan>`).join("");
  return `<text x="${n(x)}" y="${n(y)}" ${attrs}>${spans}</text>`;
}
