import { getDb } from "@/db/client";
import { readForEditing } from "@/db/read/editor";
import { updateIncident } from "@/db/write/incident";
import { ok, v1 } from "../../_lib/handler";

export const dynamic = "force-dynamic";
type Params = { slug: string };

export const GET = v1<Params>(({ params }) => {
  const { id: _id, ...view } = readForEditing(params.slug);
  return ok(view);
});

export const PATCH = v1<Params>(
  ({ actor, params, body }) => {
    const result = updateIncident({ db: getDb(), actor, slug: params.slug, input: body });
    return ok(result);
  },
  { body: true },
);
