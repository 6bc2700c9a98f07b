import { STATUSPAGE_SCHEMAS, type StatuspageAnswer } from "@/domain/statuspage";
import { type StatuspageShown, statuspageDocument } from "@/view/statuspage";

/**
 * One Statuspage-compatible answer (/api/v2/<answer>.json) as the server keeps it. Parsed with its
 * strict schema first: an answer off Statuspage's shape throws (a 500), it is never sent as a 200.
 */
export function statuspageFile(answer: StatuspageAnswer, shown: StatuspageShown): { body: string; type: string } {
  const document = STATUSPAGE_SCHEMAS[answer].parse(statuspageDocument(answer, shown));
  return { body: JSON.stringify(document), type: "application/json" };
}
