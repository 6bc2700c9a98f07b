import { getStore } from "@/db/app-store";
import { readForEditing } from "@/db/read/editor";
import { updateIncident } from "@/db/write/incident";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";

export const dynamic = "force-dynamic";

export const GET = v1(OPERATIONS.readIncident, async ({ params }) => {
  // The items carry the record's fields already, with their ids.
  const { id: _id, record: _record, ...view } = await readForEditing(params.slug);
  return view;
});

export const PATCH = v1(OPERATIONS.updateIncident, ({ actor, params, body }) => updateIncident({ store: getStore(), actor, slug: params.slug, input: body }));
