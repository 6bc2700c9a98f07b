import { getStore } from "@/db/app-store";
import { readAffectedShape } from "@/db/read/incident";
import { setAffectedShape } from "@/db/write/affected-shape";
import { affectedRowJsonSchema } from "@/domain/record/affected-row";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";
import { problem } from "@/http/problem";

export const dynamic = "force-dynamic";

export const GET = v1(OPERATIONS.affectedSchema, async ({ params, t }) => {
  const shape = await readAffectedShape(getStore().q, params.slug);
  if (shape === undefined) return problem({ status: 404, title: "Not Found", detail: t("problems.noIncident", { slug: params.slug }) });
  if (shape === null) {
    return problem({ status: 404, title: "Not Found", detail: t("problems.api.noShape", { slug: params.slug }) });
  }
  return affectedRowJsonSchema(shape);
});

export const PUT = v1(OPERATIONS.setAffectedShape, ({ actor, params, body }) => setAffectedShape({ store: getStore(), actor, slug: params.slug, input: body }));
