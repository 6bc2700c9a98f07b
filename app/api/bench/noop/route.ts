import { readJsonBody } from "@/http/read-json";
import { BODY_LIMITS } from "@/http/body-limits";
import { json, problem } from "@/http/problem";

/**
 * An empty route for `npm run bench:lookup`: it reads the JSON body as the lookup route does and
 * answers a small JSON 200, so that the lookup's own cost shows against Next's. Only when the server
 * runs with AFTERMATH_BENCH=1; otherwise a POST gets the same 404 as an address with no route.
 */
export const dynamic = "force-dynamic";

const benchOn = () => process.env.AFTERMATH_BENCH === "1";

const notFound = () =>
  problem({ status: 404, title: "Not Found", detail: "There is nothing at this address. Check the address." });

export async function POST(request: Request): Promise<Response> {
  if (!benchOn()) return notFound();
  const body = await readJsonBody(request, BODY_LIMITS.lookup);
  if (!body.ok) return problem(body.problem);
  return json({ ok: true });
}
