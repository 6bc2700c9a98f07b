// Answers the server gives itself, before or after Next: RFC 9457 problem details with the same
// security headers as the API. Keep the policy in step with API_POLICY in lib/security-headers.ts.
const HEADERS = {
  "content-type": "application/problem+json",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
};

export function sendProblem(res, status, title, detail) {
  res.writeHead(status, HEADERS);
  res.end(JSON.stringify({ type: "about:blank", title, status, ...(detail ? { detail } : {}) }));
}
