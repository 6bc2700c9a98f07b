import "server-only";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Webhook } from "standardwebhooks";
import type { Outcome } from "../schedule";
import { guardedLookup, isPrivateAddress } from "./address-guard";

export type Hook = { url: string; id: string; secret: string; body: string };
export type HookSender = (hook: Hook, now: Date) => Promise<Outcome>;

const READ_AT_MOST = 64 * 1024;

function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return { kind: "sent" };
  if (status === 410) return { kind: "gone", error: "HTTP 410 Gone: the endpoint asked for no more messages" };
  if (status >= 300 && status < 400) return { kind: "retry", error: `HTTP ${status}: redirects are not followed; give the endpoint's own address` };
  return { kind: "retry", error: `HTTP ${status}` };
}

/**
 * Sends one message as Standard Webhooks says (webhook-id, webhook-timestamp, webhook-signature),
 * never following a redirect, within `timeoutMs` for the whole exchange, and never to a private or
 * loopback address unless allowed. The same id on every try lets the receiver drop a repeat.
 */
export function webhookSender({ allowPrivate, timeoutMs }: { allowPrivate: boolean; timeoutMs: number }): HookSender {
  return (hook, now) =>
    new Promise<Outcome>((resolve) => {
      const url = new URL(hook.url);
      const literal = url.hostname.replace(/^\[|\]$/g, "");
      if (!allowPrivate && net.isIP(literal) && isPrivateAddress(literal)) return resolve({ kind: "dead", error: `${literal} is a private or loopback address` });
      const signature = new Webhook(hook.secret).sign(hook.id, now, hook.body);
      const headers = {
        "content-type": "application/json",
        "user-agent": "Aftermath-Webhooks/1",
        "webhook-id": hook.id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": signature,
      };
      const request = (url.protocol === "https:" ? https : http).request(url, { method: "POST", headers, lookup: guardedLookup(allowPrivate), timeout: timeoutMs }, (res) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > READ_AT_MOST) res.destroy();
        });
        res.on("close", () => resolve(classify(res.statusCode ?? 0)));
        res.on("error", () => resolve(classify(res.statusCode ?? 0)));
      });
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      request.on("close", () => clearTimeout(timer));
      request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EPRIVATE" ? { kind: "dead", error: error.message } : { kind: "retry", error: `${error.code ?? "error"}: ${error.message}` }));
      request.end(hook.body);
    });
}
