import { getStore } from "@/db/app-store";
import { setTranslations } from "@/db/write/translations";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";

export const dynamic = "force-dynamic";

export const PUT = v1(OPERATIONS.setTranslations, ({ actor, params, body }) => setTranslations({ store: getStore(), actor, slug: params.slug, locale: params.locale, input: body }));
