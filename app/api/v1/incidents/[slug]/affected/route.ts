import { getStore } from "@/db/app-store";
import { appLookupSecret } from "@/config/secret";
import { importAffectedList } from "@/db/write/affected";
import { assertCanWrite } from "@/db/write/mutate";
import { DomainError, fieldError } from "@/domain/errors";
import { problem } from "@/http/problem";
import { UploadTooLargeError, withSpooledUpload } from "@/http/spool-upload";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";

export const dynamic = "force-dynamic";

/** Larger than the editor's form takes (20 MB); still refused whole past it, never truncated. */
const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
const FORMATS: Record<string, "csv" | "json"> = { "text/csv": "csv", "application/json": "json" };

/**
 * POST an affected list as the raw body (text/csv or application/json), ?version=N[&replace=1]:
 * all or nothing, through the same verb as npm run import:affected.
 */
export const POST = v1(OPERATIONS.importAffected, async ({ request, actor, params, query: { version, replace }, t }) => {
  // Refuse a read token before reading a body of up to 200 MB.
  assertCanWrite(actor);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const format = FORMATS[type];
  if (!format) {
    return problem({
      status: 415,
      title: "Unsupported Media Type",
      detail: t("problems.api.listType"),
    });
  }
  const tooLarge = () =>
    problem({
      status: 413,
      title: "Content Too Large",
      detail: t("problems.api.listTooLarge", { max: MAX_UPLOAD_BYTES }),
    });
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) return tooLarge();

  try {
    const { report, version: next } = await withSpooledUpload(request.body, { extension: format, maxBytes: MAX_UPLOAD_BYTES }, (source) =>
      importAffectedList({ store: getStore(), actor, slug: params.slug, version, rows: { source }, replace, secret: appLookupSecret() }),
    );
    if (report.empty) {
      throw new DomainError("invalid", { key: "problems.emptyList" }, { errors: [fieldError("body", { key: "problems.emptyListField" })] });
    }
    const { incidentSlug, elapsedMs: _elapsed, ...counts } = report;
    return { incident: incidentSlug, version: next, ...counts };
  } catch (error) {
    if (error instanceof UploadTooLargeError) return tooLarge();
    throw error;
  }
});
