import { getDb } from "@/db/client";
import { listAllIncidents } from "@/db/read/editor";
import { createIncident } from "@/db/write/incident";
import { ok, v1 } from "../_lib/handler";

export const dynamic = "force-dynamic";

export const GET = v1(() => ok({ incidents: listAllIncidents() }));

export const POST = v1(
  ({ actor, body }) => {
    const created = createIncident({ db: getDb(), actor, input: body });
    return ok(created, 201);
  },
  { body: true },
);
