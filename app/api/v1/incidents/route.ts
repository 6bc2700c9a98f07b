import { getDb } from "@/db/client";
import { listAllIncidents } from "@/db/editor-read";
import { createIncident } from "@/db/write/incident";
import { ok, revalidateIncident, v1 } from "../_lib/handler";

export const dynamic = "force-dynamic";

export const GET = v1(() => ok({ incidents: listAllIncidents() }));

export const POST = v1(
  ({ actor, body }) => {
    const created = createIncident({ db: getDb(), actor, input: body });
    revalidateIncident(created.slug);
    return ok(created, 201);
  },
  { body: true },
);
