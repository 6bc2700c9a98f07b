import { randomBytes } from "node:crypto";
import http from "node:http";
import Provider, { type Configuration } from "oidc-provider";

// A real OpenID provider (oidc-provider) in the test process, on the loopback address, with one
// confidential client and its development login pages: any password, the login name picks the user.

/** Login name → the claims that user's ID token carries besides `sub`. */
export type ProviderUsers = Record<string, Record<string, unknown>>;

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every request the provider got, in order: method, path with query, whether it came with HTTP Basic auth, and its answer's status once sent. */
  requests: Array<{ method: string; url: URL; basicAuth: boolean; status?: number }>;
  close: () => Promise<void>;
};

export async function startProvider({ port, redirectUri, users, scopeClaims }: { port: number; redirectUri: string; users: ProviderUsers; scopeClaims: Record<string, string[]> }): Promise<TestProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "aftermath-lookup";
  const clientSecret = randomBytes(24).toString("base64url");
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    // v9 requires PKCE only of public clients by default; this client is confidential, and must use it too.
    pkce: { required: () => true },
    claims: { openid: ["sub"], ...scopeClaims },
    // Left at its default (true): a code flow's scope claims go to UserInfo only, as OpenID Connect
    // Core §5.4 has it, so the sign-in must fetch them there when the ID token lacks them.
    cookies: { keys: [randomBytes(32).toString("hex")] },
    findAccount: (_ctx, sub) => {
      const claims = users[sub];
      return claims ? { accountId: sub, claims: () => ({ ...claims, sub }) } : undefined;
    },
  };
  const provider = new Provider(issuer, configuration);
  const requests: TestProvider["requests"] = [];
  const callback = provider.callback();
  const server = http.createServer((req, res) => {
    const seen: TestProvider["requests"][number] = { method: req.method ?? "", url: new URL(req.url ?? "/", issuer), basicAuth: /^Basic /i.test(req.headers.authorization ?? "") };
    requests.push(seen);
    res.on("finish", () => (seen.status = res.statusCode));
    void callback(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { issuer, clientId, clientSecret, requests, close };
}
