import { getStore } from "@/db/app-store";
import { setPublished } from "@/db/write/incident";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";

export const dynamic = "force-dynamic";

export const POST = v1(OPERATIONS.unpublish, ({ actor, params, body }) => setPublished({ store: getStore(), actor, slug: params.slug, input: body, published: false }));
