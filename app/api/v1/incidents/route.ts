import { getStore } from "@/db/app-store";
import { listAllIncidents } from "@/db/read/editor";
import { createIncident } from "@/db/write/incident";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";

export const dynamic = "force-dynamic";

export const GET = v1(OPERATIONS.listIncidents, async () => ({ incidents: await listAllIncidents() }));

export const POST = v1(OPERATIONS.createIncident, ({ actor, body }) => createIncident({ store: getStore(), actor, input: body }));
