import { forwardedHttps } from "@/lib/cookies";
import { readEnv } from "./env";

let trustProxy: boolean | undefined;

/** Whether this server trusts one proxy in front to say who the client is and how it came (TRUST_PROXY=1). */
export function trustsProxy(): boolean {
  trustProxy ??= readEnv().TRUST_PROXY === "1";
  return trustProxy;
}

/**
 * Whether the browser reached us over HTTPS: only a trusted proxy can say so, since this server
 * itself speaks plain HTTP.
 */
export const isSecureRequest = (requestHeaders: Pick<Headers, "get">): boolean => trustsProxy() && forwardedHttps(requestHeaders);
