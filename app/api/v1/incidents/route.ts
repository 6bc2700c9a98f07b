import { getDb } from "@/db/client";
import { listAllIncidents } from "@/db/read/editor";
import { createIncident } from "@/db/write/incident";
import { NO_QUERY, ROUTE_PARAMS } from "@/http/route-input";
import { ok, v1 } from "../_lib/handler";

export const dynamic = "force-dynamic";
const input = { params: ROUTE_PARAMS.none, query: NO_QUERY };

export const GET = v1(input, () => ok({ incidents: listAllIncidents() }));

export const POST = v1({ ...input, body: true }, ({ actor, body }) => {
  const created = createIncident({ db: getDb(), actor, input: body });
  return ok(created, 201);
});
