import { historyOf } from "@/db/read/editor";
import { v1 } from "@/http/api/handler";
import { OPERATIONS } from "@/http/api/operations";

export const dynamic = "force-dynamic";

export const GET = v1(OPERATIONS.history, async ({ params }) => ({ entries: await historyOf(params.slug) }));
