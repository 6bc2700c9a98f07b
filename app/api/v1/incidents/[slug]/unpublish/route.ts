import { getDb } from "@/db/client";
import { setPublished } from "@/db/write/incident";
import { NO_QUERY, ROUTE_PARAMS } from "@/http/route-input";
import { ok, v1 } from "../../../_lib/handler";

export const dynamic = "force-dynamic";

export const POST = v1({ params: ROUTE_PARAMS.incident, query: NO_QUERY, body: true }, ({ actor, params, body }) => {
  const result = setPublished({ db: getDb(), actor, slug: params.slug, input: body, published: false });
  return ok(result);
});
