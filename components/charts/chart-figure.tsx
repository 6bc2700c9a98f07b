import type { ReactNode } from "react";
import { useLocale } from "next-intl";
import { formatCount } from "@/lib/count";

/** A captioned chart, with an optional legend and the numbers behind it. */
export function ChartFigure({ id, caption, children, extra }: { id: string; caption: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <figure className="chart-box" data-chart={id}>
      <figcaption>{caption}</figcaption>
      {children}
      {extra}
    </figure>
  );
}

export function Legend({ items }: { items: Array<{ swatch: string; label: string }> }) {
  return (
    <ul className="legend">
      {items.map((i) => (
        <li key={i.label}>
          <span className={`sw ${i.swatch}`} aria-hidden="true" />
          {i.label}
        </li>
      ))}
    </ul>
  );
}

/** The counts a chart draws, as a table a screen reader or a keyboard can read, folded away. */
export function NumbersTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<Array<string | number>> }) {
  const locale = useLocale();
  return (
    <details>
      <summary>{caption}</summary>
      <div className="scroll">
        <table>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i > 0 ? "num" : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest]) => (
              <tr key={String(first)}>
                <th scope="row">{String(first)}</th>
                {rest.map((c, i) => (
                  <td key={i} className="num">
                    {typeof c === "number" ? formatCount(c, locale) : c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
