import { openApiDocument } from "@/http/openapi";

export const dynamic = "force-static";

export function GET(): Response {
  return new Response(JSON.stringify(openApiDocument(), null, 2), { headers: { "content-type": "application/json" } });
}
