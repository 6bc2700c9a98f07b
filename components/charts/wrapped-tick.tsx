"use client";

/** Splits text into lines of at most `max` characters, at spaces; deterministic on server and client. */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Recharts wraps tick labels by measuring text in the DOM, which the server cannot do, so the
 * server and browser would wrap differently; this tick wraps by character count instead.
 */
export function WrappedTick({
  x = 0,
  y = 0,
  payload,
  maxChars,
}: {
  x?: number;
  y?: number;
  payload?: { value: string };
  maxChars: number;
}) {
  const lines = wrapWords(String(payload?.value ?? ""), maxChars);
  const lineHeight = 14;
  return (
    <text x={x} y={y} textAnchor="end" fontSize={12} fill="var(--chart-ink)">
      {lines.map((line, i) => (
        <tspan key={i} x={x - 4} dy={i === 0 ? -((lines.length - 1) * lineHeight) / 2 + 4 : lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
