import { getDb } from "@/db/client";
import { removeItem, updateItem } from "@/db/write/collections";
import { ok, v1 } from "../../../../_lib/handler";
import { collectionParam, idParam } from "../collection-param";

export const dynamic = "force-dynamic";
type Params = { slug: string; collection: string; id: string };

export const PUT = v1<Params>(
  ({ actor, params, body }) => {
    const args = { db: getDb(), actor, slug: params.slug, collection: collectionParam(params.collection), id: idParam(params.id) };
    const result = updateItem({ ...args, input: body });
    return ok(result);
  },
  { body: true },
);

export const DELETE = v1<Params>(
  ({ actor, params, body }) => {
    const args = { db: getDb(), actor, slug: params.slug, collection: collectionParam(params.collection), id: idParam(params.id) };
    const result = removeItem({ ...args, input: body });
    return ok(result);
  },
  { body: true },
);
