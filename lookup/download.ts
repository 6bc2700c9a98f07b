import type { AccountRows } from "@/domain/lookup";
import { columnsOf } from "@/domain/record/affected-row";
import type { AffectedShape } from "@/domain/record/affected-shape";

// The account's own rows as its owner downloads them: the columns its incident's list has (its
// shape), never the account id or its key, in the answer's order. CSV (RFC 4180) or JSON.

type Row = AccountRows["rows"][number];

/** A field quoted only when it must be (a comma, a quote, a line break), its quotes doubled. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function valueOf(row: Row, column: string): string {
  if (column === "request_id") return row.requestId ?? "";
  if (column === "occurred_at") return row.occurredAt ?? "";
  if (column === "role") return row.role;
  if (column === "data_classes") return row.dataClasses.join(";");
  return String(row.measures[column] ?? "");
}

/** The rows with the list's columns less the account id, which the owner knows and the file need not carry. */
export function rowsCsv(shape: AffectedShape, rows: Row[]): string {
  const columns = columnsOf(shape).filter((c) => c !== "account_id");
  return [columns.join(","), ...rows.map((r) => columns.map((c) => cell(valueOf(r, c))).join(","))].join("\r\n") + "\r\n";
}

export function rowsJson(answer: AccountRows): string {
  const { incident, sampleData, rows } = answer;
  return `${JSON.stringify({ incident, sampleData, rows }, null, 2)}\n`;
}
