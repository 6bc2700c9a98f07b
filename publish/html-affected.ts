import type { AffectedSummary } from "./document";
import { chartFigure, esc, proseLine, SAMPLE_BADGE, section } from "./html-kit";
import { affectedSentence, formatCount, formatSourceDate, NO_AFFECTED, splitTokenLines, type TokenLine } from "./model";
import { perDayChart, promptHistogram } from "./svg-affected";

function numbersTable(caption: string, head: string[], rows: Array<Array<string | number>>): string {
  const th = head.map((h, i) => `<th scope="col"${i > 0 ? ' class="num"' : ""}>${esc(h)}</th>`).join("");
  const tr = rows.map(
    ([first, ...rest]) =>
      `<tr><th scope="row">${esc(String(first))}</th>${rest.map((c) => `<td class="num">${esc(typeof c === "number" ? formatCount(c) : c)}</td>`).join("")}</tr>`,
  );
  return (
    `<details><summary>${esc(caption)}</summary><div class="scroll"><table><thead><tr>${th}</tr></thead>` +
    `<tbody>${tr.join("")}</tbody></table></div></details>`
  );
}

function perDayFigure(a: AffectedSummary, sample: string): string {
  const days = a.perDay;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return "";
  const peak = days.reduce((best, d) => (d.total > best.total ? d : best), first);
  const name =
    `Stacked bar chart of affected responses per UTC day from ${formatSourceDate(first.day)} to ` +
    `${formatSourceDate(last.day)}${sample}: ${formatCount(a.total)} in all, most on ${formatSourceDate(peak.day)} (${peak.total})`;
  const legend =
    `<ul class="legend"><li><span class="sw sw-1" aria-hidden="true"></span>Received another's data (${formatCount(a.byRole.recipient)})</li>` +
    `<li><span class="sw sw-2" aria-hidden="true"></span>Own data exposed (${formatCount(a.byRole.exposed)})</li></ul>`;
  const table = numbersTable(
    "The counts per day",
    ["Day (UTC)", "Received another's data", "Own data exposed", "Total"],
    days.map((d) => [formatSourceDate(d.day), d.recipient, d.exposed, d.total]),
  );
  return chartFigure(
    "affected-per-day",
    `<strong>Affected responses per day</strong> (UTC), across the exposure window${sample}.${legend}`,
    perDayChart(days, name),
    table,
  );
}

function histogramFigure(a: AffectedSummary, lines: TokenLine[], sample: string): string {
  const buckets = a.promptTokens;
  if (buckets.length === 0) return `<p>No prompt lengths on record.</p>`;
  const { low, high, inside, outside } = splitTokenLines(buckets, lines);
  const size = (buckets[0]?.to ?? 0) - (buckets[0]?.from ?? 0);
  const drawn = inside.map((l, i) => `<li><span class="sw sw-line sw-thr-${i % 3}" aria-hidden="true"></span>${esc(l.label)}</li>`);
  const legend = `<ul class="legend"><li><span class="sw sw-1" aria-hidden="true"></span>Affected responses</li>${drawn.join("")}</ul>`;
  const beyond = outside.length
    ? `<p class="small">Outside the drawn range (${formatCount(low)}–${formatCount(high)} tokens), so not drawn: ` +
      `${outside.map((l) => `${esc(l.label)} (${formatCount(l.tokens)} tokens)`).join("; ")}.</p>`
    : "";
  const name =
    `Histogram of the prompt lengths of ${formatCount(a.total)} affected responses${sample}, ` +
    `${formatCount(low)} to ${formatCount(high)} tokens in ${formatCount(size)}-token buckets` +
    (inside.length ? `, with dashed lines at ${inside.map((l) => l.label).join("; ")}` : "");
  const table = numbersTable(
    "The counts per bucket",
    ["Prompt tokens", "Responses"],
    buckets.map((b) => [`${formatCount(b.from)}–${formatCount(b.to)}`, b.count]),
  );
  return chartFigure(
    "affected-prompt-length",
    `<strong>Prompt length of the affected requests</strong>, in ${formatCount(size)}-token buckets, against the ` +
      `token thresholds${sample}.${legend}`,
    promptHistogram(buckets, inside, name),
    beyond + table,
  );
}

export function affectedHtml(affected: AffectedSummary | null, tokenLines: TokenLine[]): string {
  if (!affected) return section("affected", `<p>${NO_AFFECTED}</p>`);
  const sample = affected.sample ? " — sample data" : "";
  const note = affected.sample
    ? `<p class="box small"><strong>Sample data.</strong>${affected.note ? ` ${proseLine(affected.note)}` : ""}</p>`
    : "";
  const stats =
    `<dl class="stats"><div><dt>Affected responses${affected.sample ? " (sample)" : ""}</dt><dd>${formatCount(affected.total)}</dd></div>` +
    `<div><dt>Received another tenant's data</dt><dd>${formatCount(affected.byRole.recipient)}</dd></div>` +
    `<div><dt>Own session exposed</dt><dd>${formatCount(affected.byRole.exposed)}</dd></div></dl>`;
  const body =
    `<div class="stack-y">${note}<div><p>${esc(affectedSentence(affected))}</p>${stats}</div>` +
    perDayFigure(affected, sample) +
    histogramFigure(affected, tokenLines, sample) +
    `</div>`;
  return section("affected", body, affected.sample ? SAMPLE_BADGE : "");
}
