import { readEnv } from "@/config/env";
import { problem } from "@/http/problem";
import { defaultExpiry, securityTxt } from "@/lib/security-txt";

// Read per request: the contact is configuration, and the default expiry moves with the days.
export const dynamic = "force-dynamic";

/** RFC 9116's file, from SECURITY_CONTACT; without one there is nobody to name, so there is no file. */
export function GET(): Response {
  const env = readEnv();
  if (!env.SECURITY_CONTACT) {
    return problem({ status: 404, title: "Not Found", detail: "This site names no security contact: its operator has not set SECURITY_CONTACT." });
  }
  const text = securityTxt({
    contacts: env.SECURITY_CONTACT,
    expires: env.SECURITY_TXT_EXPIRES ? new Date(env.SECURITY_TXT_EXPIRES) : defaultExpiry(Date.now()),
    canonical: env.PUBLIC_ORIGIN ? `${env.PUBLIC_ORIGIN}/.well-known/security.txt` : null,
    languages: ["en"],
  });
  return new Response(text, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
