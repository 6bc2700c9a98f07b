import type { CsvError } from "csv-parse";
import type { z } from "zod";

/** The file cannot be imported as it is (bad row, header or syntax). The message never holds a field's value. */
export class ImportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportInputError";
  }
}

/** A row that fails its shape's row schema: `detail` names the field(s) and zod's message(s). */
export class RowProblem extends ImportInputError {
  constructor(
    where: string,
    readonly detail: string,
  ) {
    super(`${where}, ${detail}`);
  }
}

const SAFE_KEY = /^[A-Za-z_][A-Za-z0-9_ -]{0,39}$/;
const ACCOUNT_LIKE = /[0-9a-fA-F]{32}/;

/** "field role: role must be one of: …", for each problem of the row; `columns`: the fields a row of its shape has. */
export function describeIssues(issues: z.core.$ZodIssue[], columns: readonly string[]): string {
  return issues
    .map((issue) => {
      if (issue.code === "unrecognized_keys") {
        const names = issue.keys.map((k) => (SAFE_KEY.test(k) && !ACCOUNT_LIKE.test(k) ? k : "(not shown)"));
        return `unknown field${names.length > 1 ? "s" : ""} ${names.join(", ")} (the fields are ${columns.join(", ")})`;
      }
      const field = issue.path.map(String).join(".");
      return field ? `field ${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** csv-parse's messages can quote a field's value (an account id); keep the code, line and column only. */
export function csvSyntaxError(error: CsvError): ImportInputError {
  const info = error as CsvError & { lines?: number; column?: number | string | null };
  const line = typeof info.lines === "number" ? `line ${info.lines}: ` : "";
  const field = typeof info.column === "number" ? ` in column ${info.column + 1}` : "";
  switch (error.code) {
    case "INVALID_OPENING_QUOTE":
      return new ImportInputError(`${line}a quote inside an unquoted field${field} (quote the whole field and double the quote)`);
    case "CSV_INVALID_CLOSING_QUOTE":
      return new ImportInputError(`${line}a closing quote followed by something other than a comma or line end${field}`);
    case "CSV_QUOTE_NOT_CLOSED":
      return new ImportInputError(`${line}a quoted field is never closed`);
    case "CSV_MAX_RECORD_SIZE":
      return new ImportInputError(`${line}a row longer than 128,000 characters (an unclosed quote?)`);
    default:
      return new ImportInputError(`${line}unreadable CSV (${error.code})`);
  }
}
