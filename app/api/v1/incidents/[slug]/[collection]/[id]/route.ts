import { getDb } from "@/db/client";
import { removeItem, updateItem } from "@/db/write/collections";
import { NO_QUERY, ROUTE_PARAMS } from "@/http/route-input";
import { ok, v1 } from "../../../../_lib/handler";

export const dynamic = "force-dynamic";
const input = { params: ROUTE_PARAMS.item, query: NO_QUERY, body: true };

export const PUT = v1(input, ({ actor, params, body }) => ok(updateItem({ db: getDb(), actor, ...params, input: body })));

export const DELETE = v1(input, ({ actor, params, body }) => ok(removeItem({ db: getDb(), actor, ...params, input: body })));
