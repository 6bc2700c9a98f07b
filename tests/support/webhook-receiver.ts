import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * One delivery as the receiver saw it: its id, whether its signature holds under the secret its path
 * was given (checked when asked: a delivery may arrive before the test has read the secret), and its body.
 */
export type Delivery = { path: string; id: string; timestamp: string; readonly verified: boolean; body: unknown; status: number };
/** How the receiver answers a delivery to a path: a status, after a delay, or a redirect. */
export type Script = (path: string, n: number) => { status: number; delayMs?: number; location?: string };

/**
 * A real HTTP endpoint that checks each delivery's signature with the standardwebhooks package
 * (the secret per path, set once a sign-up has shown it) and answers as its script says.
 */
export async function startReceiver(script: Script = () => ({ status: 200 })) {
  const deliveries: Delivery[] = [];
  const secrets = new Map<string, string>();
  const seen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const n = (seen.get(path) ?? 0) + 1;
      seen.set(path, n);
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = { "webhook-id": String(req.headers["webhook-id"] ?? ""), "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""), "webhook-signature": String(req.headers["webhook-signature"] ?? "") };
      const verified = () => {
        const secret = secrets.get(path);
        try {
          return secret !== undefined && new Webhook(secret).verify(body, headers) !== undefined;
        } catch {
          return false;
        }
      };
      const answer = script(path, n);
      deliveries.push({
        path,
        id: headers["webhook-id"],
        timestamp: headers["webhook-timestamp"],
        get verified() {
          return verified();
        },
        body: JSON.parse(body) as unknown,
        status: answer.status,
      });
      setTimeout(() => {
        res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
        res.end();
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === "string") throw new Error("the receiver has no port");
  const { port } = address;
  return {
    base: `http://127.0.0.1:${port}`,
    deliveries,
    /** The secret a path's signatures are checked with (a sign-up shows it once). */
    trust: (path: string, secret: string) => secrets.set(path, secret),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => undefined),
  };
}
