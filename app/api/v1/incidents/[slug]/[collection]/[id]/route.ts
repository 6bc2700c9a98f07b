import { getStore } from "@/db/app-store";
import { removeItem, updateItem } from "@/db/write/collections";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";

export const dynamic = "force-dynamic";

export const PUT = v1(OPERATIONS.replaceItem, ({ actor, params, body }) => updateItem({ store: getStore(), actor, ...params, input: body }));

export const DELETE = v1(OPERATIONS.removeItem, ({ actor, params, body }) => removeItem({ store: getStore(), actor, ...params, input: body }));
