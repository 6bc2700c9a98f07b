import { getDb } from "@/db/client";
import { addItem } from "@/db/write/collections";
import { NO_QUERY, ROUTE_PARAMS } from "@/http/route-input";
import { ok, v1 } from "../../../_lib/handler";

export const dynamic = "force-dynamic";

export const POST = v1({ params: ROUTE_PARAMS.collection, query: NO_QUERY, body: true }, ({ actor, params, body }) => {
  const result = addItem({ db: getDb(), actor, ...params, input: body });
  return ok(result, 201);
});
