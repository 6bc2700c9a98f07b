import { getDb } from "@/db/client";
import { setPublished } from "@/db/write/incident";
import { ok, v1 } from "../../../_lib/handler";

export const dynamic = "force-dynamic";

export const POST = v1<{ slug: string }>(
  ({ actor, params, body }) => {
    const result = setPublished({ db: getDb(), actor, slug: params.slug, input: body, published: true });
    return ok(result);
  },
  { body: true },
);
