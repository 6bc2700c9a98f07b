import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Store } from "@/db/store/store";
import { edgeHandler } from "@/http/edge/front";
import { publicAnswers } from "@/http/edge/serve";
import type { StatuspageConfig } from "@/http/edge/statuspage";
import { EdgeResponse } from "@/http/edge/writer";

/** The edge and its page cache in-process on `store`, with `handle` in Next's place; its address and how to stop it. */
export async function startEdge(
  store: Store,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  statuspage: StatuspageConfig = { name: "Aftermath", origin: null },
): Promise<{ base: string; close: () => void }> {
  const answers = publicAnswers({ store, handle, maxBytes: 64 * 1024 * 1024, statuspage });
  const onRequest = edgeHandler({ answers, handle, trustProxy: false, dev: false, reachable: () => store.generation() });
  const server = createServer({ ServerResponse: EdgeResponse }, (req, res) => onRequest(req, res));
  // As scripts/server.ts: a client's kept-alive socket is not closed under it between two slow steps of a test.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => void server.close(() => undefined).closeAllConnections() };
}
