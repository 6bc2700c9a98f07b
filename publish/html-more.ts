import type { IncidentDocument } from "./document";
import { cite, esc, prose, section } from "./html-kit";
import { ADVICE_GROUPS, formatLongDate, groupBy, isLinkable, NONE_ON_RECORD, sourceByline, STATUS_LABEL } from "./model";

type Record_ = IncidentDocument["record"];

export function assessmentsHtml(record: Record_): string {
  const { findings, reactions } = record.assessments;
  const assessors = [...new Set(findings.map((f) => `${f.assessor}, ${formatLongDate(f.assessedOn)}`))];
  const findingsHtml =
    `<div><h3>Findings</h3><p class="small muted">${esc(assessors.join("; "))}</p>` +
    `<ul>${findings.map((f) => `<li class="md">${prose(f.statement, cite(f.cites))}</li>`).join("")}</ul></div>`;
  const reactionItems = reactions.map(
    (r) =>
      `<li><p><strong>${esc(r.who)}</strong>${r.affiliation ? ` <span class="muted">(${esc(r.affiliation)})</span>` : ""}</p>` +
      `<div class="md">${prose(r.statement, cite(r.cites))}</div></li>`,
  );
  const reactionsHtml = reactions.length
    ? `<div><h3>Reactions</h3><ul class="plain reactions">${reactionItems.join("")}</ul></div>`
    : "";
  return section("assessments", `<div class="cols">${findingsHtml}${reactionsHtml}</div>`);
}

export function adviceHtml(record: Record_): string {
  const groups = ADVICE_GROUPS.flatMap((g) => {
    const items = record.recommendations.filter((r) => r.audience === g.audience);
    if (items.length === 0) return [];
    const list = items.map(
      (r) => `<li><span class="status">${STATUS_LABEL[r.status]}</span><div class="md run-in">${prose(r.text, cite(r.cites))}</div></li>`,
    );
    return [`<div><h3 id="${g.id}">${esc(g.title)}</h3><ul class="plain">${list.join("")}</ul></div>`];
  });
  return section("advice", groups.length ? `<div class="cols">${groups.join("")}</div>` : `<p>${NONE_ON_RECORD.advice}</p>`);
}

export function contextHtml(record: Record_): string {
  const topics = groupBy(record.context, (f) => f.topic).map(
    (t) =>
      `<div><h3>${esc(t.key)}</h3><ul>${t.items.map((f) => `<li class="md">${prose(f.statement, cite(f.cites))}</li>`).join("")}</ul></div>`,
  );
  return section("context", topics.length ? `<div class="cols">${topics.join("")}</div>` : `<p>${NONE_ON_RECORD.context}</p>`);
}

/** The numbered list every citation marker points into; only http(s) addresses become links. */
export function sourcesHtml(record: Record_): string {
  const items = [...record.sources]
    .sort((a, b) => a.number - b.number)
    .map((s) => {
      const title = isLinkable(s.url)
        ? `<a href="${esc(s.url)}" rel="noreferrer"><strong>${esc(s.title)}</strong></a>`
        : `<strong>${esc(s.title)}</strong>${s.url ? ` <span class="muted">(${esc(s.url)})</span>` : ""}`;
      return (
        `<li id="source-${s.number}"><span class="snum">[${s.number}]</span><div><p>${title}</p>` +
        `<p class="small">${esc(sourceByline(s))}</p>` +
        (s.note ? `<div class="small muted md">${prose(s.note)}</div>` : "") +
        `</div></li>`
      );
    });
  return section("sources", `<ol class="sources">${items.join("")}</ol>`);
}
