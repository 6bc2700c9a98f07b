import { getStore } from "@/db/app-store";
import { addItem } from "@/db/write/collections";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";

export const dynamic = "force-dynamic";

export const POST = v1(OPERATIONS.addItem, ({ actor, params, body }) => addItem({ store: getStore(), actor, ...params, input: body }));
