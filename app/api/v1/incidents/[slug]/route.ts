import { getDb } from "@/db/client";
import { readForEditing } from "@/db/read/editor";
import { updateIncident } from "@/db/write/incident";
import { NO_QUERY, ROUTE_PARAMS } from "@/http/route-input";
import { ok, v1 } from "../../_lib/handler";

export const dynamic = "force-dynamic";
const input = { params: ROUTE_PARAMS.incident, query: NO_QUERY };

export const GET = v1(input, ({ params }) => {
  // The items carry the record's fields already, with their ids.
  const { id: _id, record: _record, ...view } = readForEditing(params.slug);
  return ok(view);
});

export const PATCH = v1({ ...input, body: true }, ({ actor, params, body }) => {
  const result = updateIncident({ db: getDb(), actor, slug: params.slug, input: body });
  return ok(result);
});
