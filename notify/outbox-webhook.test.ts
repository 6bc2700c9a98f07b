import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmSubscriber, subscriberById } from "@/db/subscribers";
import { type Clock, confirmIn, messagesOf, openIncident, postUpdate, testOutbox } from "@/tests/support/outbox-kit";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";
import { startReceiver } from "@/tests/support/webhook-receiver";
import { carryOut, planSignUp } from "./subscribe";
import { RETRY_WAITS_MS } from "./schedule";
import { webhookSender } from "./webhook/deliver";
import { sendDue } from "./worker";

// Webhooks to a real HTTP receiver that verifies each signature with the standardwebhooks package
// under the secret the sign-up showed, scripted per endpoint: 500, 500, 200; 410; too slow; a redirect.
const kit = testStores("outbox-webhook", { seed: false });

describe.each(ENGINES)("the outbox's webhooks (on %s)", (engine) => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock: Clock = { now: 0 };
  const now = () => (clock.now = Math.max(clock.now, Date.now()));
  const store = () => kit.store(engine);
  beforeAll(async () => {
    receiver = await startReceiver((path, n) => {
      if (path === "/flaky") return { status: n === 2 || n === 3 ? 500 : 200 };
      if (path === "/gone") return { status: n === 1 ? 200 : 410 };
      if (path === "/slow") return { status: 200, delayMs: n === 1 ? 0 : 1_500 };
      if (path === "/moved") return n === 1 ? { status: 200 } : { status: 301, location: "/elsewhere" };
      return { status: 200 };
    });
    await openIncident(store(), "queues");
  });
  afterAll(() => receiver.close());

  const outbox = () => testOutbox(store(), { clock, timeoutMs: 1_000 });
  const to = (path: string) => receiver.deliveries.filter((d) => d.path === path);

  /** A webhook sign-up, confirmed with the link its confirmation event carried, as its owner would. */
  async function subscribeHook(path: string): Promise<number> {
    const plan = await planSignUp(store().q, { channel: "webhook", address: receiver.base + path, incident: "queues" }, true);
    if ("field" in plan || plan.secret === null) throw new Error("refused");
    expect(plan.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.trust(path, plan.secret);
    const row = await carryOut(store(), plan, TEST_SECRET, new Date(now()));
    await sendDue(outbox());
    const event = to(path).at(-1);
    expect(event).toMatchObject({ verified: true, body: { type: "subscription.confirm" } });
    const opened = confirmIn(JSON.stringify(event?.body), new Date(clock.now));
    if (!opened.ok) throw new Error("no confirmation link in the event");
    expect((await confirmSubscriber(store(), opened.subscriberId, opened.nonce))?.state).toBe("confirmed");
    return row.id;
  }

  it("confirms an endpoint by an event sent to it, signed with the secret shown once", async () => {
    await subscribeHook("/flaky");
  });

  it("tries 500, 500 again on the schedule and stops at the 200, every try with the same webhook-id and a good signature", async () => {
    await postUpdate(store(), "queues", "A full disk on one broker.");
    const start = now();
    await sendDue(outbox());
    clock.now = start + RETRY_WAITS_MS[0];
    await sendDue(outbox());
    clock.now = start + RETRY_WAITS_MS[0] + RETRY_WAITS_MS[1] - 1;
    await sendDue(outbox());
    expect(to("/flaky").slice(1).map((d) => d.status)).toEqual([500, 500]);
    clock.now += 1;
    await sendDue(outbox());
    const news = to("/flaky").slice(1);
    expect(news.map((d) => [d.status, d.verified])).toEqual([[500, true], [500, true], [200, true]]);
    expect(new Set(news.map((d) => d.id)).size).toBe(1);
    expect(news[0]?.id).toMatch(/^msg_[A-Za-z0-9_-]{32}$/);
    expect(news[0]?.body).toMatchObject({ type: "incident.updated", data: { update: { status: "identified", body: "A full disk on one broker." }, incident: { slug: "queues" } } });
    expect((await messagesOf(store(), "news")).map((m) => m.state)).toEqual(["sent"]);
  });

  it("disables an endpoint that answers 410 and queues nothing more for it", async () => {
    const id = await subscribeHook("/gone");
    await postUpdate(store(), "queues", "Still draining.", "2026-12-01T11:00Z");
    now();
    await sendDue(outbox());
    expect(await subscriberById(store().q, id)).toMatchObject({ state: "disabled", address: null, secret: null });
    const dead = (await messagesOf(store(), "news")).find((m) => m.subscriberId === id);
    expect([dead?.state, dead?.lastError]).toEqual(["dead", "HTTP 410 Gone: the endpoint asked for no more messages"]);
    await postUpdate(store(), "queues", "Drained.", "2026-12-01T11:30Z");
    expect((await messagesOf(store(), "news")).filter((m) => m.subscriberId === id)).toHaveLength(1);
  });

  it("gives up on a slow endpoint at the timeout and follows no redirect, trying both again later", async () => {
    await subscribeHook("/slow");
    await subscribeHook("/moved");
    await postUpdate(store(), "queues", "Resolved.", "2026-12-01T12:00Z");
    now();
    await sendDue(outbox());
    const errors = (await messagesOf(store(), "news")).filter((m) => m.state === "pending").map((m) => m.lastError);
    expect(errors).toEqual(expect.arrayContaining([expect.stringContaining("no answer within 1000 ms"), "HTTP 301: redirects are not followed; give the endpoint's own address"]));
    expect(receiver.deliveries.some((d) => d.path === "/elsewhere")).toBe(false);
  });

  it("never sends to a private or loopback address on a public site, whatever the name resolves to", async () => {
    const send = webhookSender({ allowPrivate: false, timeoutMs: 1_000 });
    const hook = { id: "msg_x", secret: "whsec_" + Buffer.alloc(32).toString("base64"), body: "{}" };
    const before = receiver.deliveries.length;
    expect(await send({ ...hook, url: receiver.base + "/flaky" }, new Date())).toEqual({ kind: "dead", error: "127.0.0.1 is a private or loopback address" });
    const named = await send({ ...hook, url: receiver.base.replace("127.0.0.1", "localhost") + "/flaky" }, new Date());
    expect(named).toMatchObject({ kind: "dead", error: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), a private or loopback address$/) });
    expect(receiver.deliveries.length).toBe(before);
  });
});
