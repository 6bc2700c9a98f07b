import { historyOf } from "@/db/read/editor";
import { NO_QUERY, ROUTE_PARAMS } from "@/http/route-input";
import { ok, v1 } from "../../../_lib/handler";

export const dynamic = "force-dynamic";

export const GET = v1({ params: ROUTE_PARAMS.incident, query: NO_QUERY }, ({ params }) => ok({ entries: historyOf(params.slug) }));
