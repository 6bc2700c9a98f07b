import { chartFigure, cite, esc, prose, proseLine, section, timeTag } from "./html-kit";
import { contestedPairs, type DurationRow, NONE_ON_RECORD } from "./model";
import { durationChart } from "./svg-durations";

/** Claims that disagree are set side by side, with the reason, never resolved by dropping one. */
function contestedHtml(rows: DurationRow[]): string {
  return contestedPairs(rows)
    .map(({ claim, other }) => {
      const side = (c: DurationRow) =>
        `<div><dt class="small muted">${esc(c.countedBy)}</dt><dd class="big">${esc(c.length)}${cite(c.cites)}</dd>` +
        `<dd class="small md">${prose(c.method)}</dd></div>`;
      return (
        `<aside class="box" aria-label="${esc(`Disagreement: ${other.label}`)}">` +
        `<p><strong>Two counts of the ${esc(other.label.toLowerCase())} disagree</strong></p>` +
        `<dl class="pair">${side(other)}${side(claim)}</dl>` +
        (claim.note ? `<div class="small">${prose(claim.note)}</div>` : "") +
        `</aside>`
      );
    })
    .join("");
}

function between(r: DurationRow): string {
  if (!r.from || !r.to) return "Stated, no start or end given";
  return `${timeTag(r.from, true)} → ${timeTag(r.to, true)}`;
}

function tableHtml(rows: DurationRow[]): string {
  const head = ["Duration", "Length", "From → to (UTC)", "Who counts it, and how"]
    .map((h) => `<th scope="col">${esc(h)}</th>`)
    .join("");
  const body = rows.map(
    (r) =>
      `<tr id="duration-${esc(r.key)}"><th scope="row">${esc(r.label)}${cite(r.cites)}</th>` +
      `<td data-label="Length"><strong>${esc(r.length)}</strong>` +
      (r.approx ? ` <span class="muted">(${esc(r.approx)})</span>` : "") +
      `</td><td data-label="From → to (UTC)">${between(r)}</td>` +
      `<td data-label="Who counts it, and how"><strong>${esc(r.countedBy)}.</strong> ${proseLine(r.method)}` +
      (r.note ? `<div class="block muted md">${prose(r.note)}</div>` : "") +
      `</td></tr>`,
  );
  return (
    `<table class="stack"><caption>Every duration, who counts it, how, and its sources</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>${body.join("")}</tbody></table>`
  );
}

const chartName = (rows: DurationRow[], unit: string) =>
  `Bar chart of lengths in ${unit}: ${rows.map((r) => `${r.label}, ${r.length}`).join("; ")}`;

export function durationsHtml(rows: DurationRow[]): string {
  if (rows.length === 0) return section("durations", `<p>${NONE_ON_RECORD.durations}</p>`);
  const contested = new Set(contestedPairs(rows).flatMap(({ claim, other }) => [claim.key, other.key]));
  const hours = rows.filter((r) => r.scale === "hours");
  const days = rows.filter((r) => r.scale === "days");
  const charts: string[] = [];
  if (hours.length > 0) {
    const orange = hours.some((r) => contested.has(r.key) && r.basis === "stated");
    charts.push(
      chartFigure(
        "durations-minutes",
        `<strong>Hours and minutes.</strong> Lengths known to the minute` +
          (orange ? `, and the stated count they are compared with (orange).` : "."),
        durationChart(hours, "hours", contested, chartName(hours, "hours")),
      ),
    );
  }
  if (days.length > 0) {
    charts.push(
      chartFigure(
        "durations-days",
        `<strong>Days and weeks.</strong> Lengths between dates known only to the day; the whiskers show the day ` +
          `either way that the dates allow.`,
        durationChart(days, "days", contested, chartName(days, "days")),
      ),
    );
  }
  const footnote =
    `<p class="small muted">Every length here is computed from the dated events of the timeline, at the precision ` +
    `of the coarser of its two dates; only a length a source states without dates is shown as stated.</p>`;
  const body = `<div class="stack-y">${contestedHtml(rows)}${charts.join("")}<div class="scroll">${tableHtml(rows)}</div>${footnote}</div>`;
  return section("durations", body);
}
