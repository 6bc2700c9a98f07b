import { getDb } from "@/db/client";
import { addItem } from "@/db/write/collections";
import { ok, v1 } from "../../../_lib/handler";
import { collectionParam } from "./collection-param";

export const dynamic = "force-dynamic";

export const POST = v1<{ slug: string; collection: string }>(
  ({ actor, params, body }) => {
    const result = addItem({ db: getDb(), actor, slug: params.slug, collection: collectionParam(params.collection), input: body });
    return ok(result, 201);
  },
  { body: true },
);
