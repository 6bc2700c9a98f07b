import { historyOf } from "@/db/read/editor";
import { ok, v1 } from "../../../_lib/handler";

export const dynamic = "force-dynamic";

export const GET = v1<{ slug: string }>(({ params }) => ok({ entries: historyOf(params.slug) }));
