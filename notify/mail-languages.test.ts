import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "@/config/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { confirmSubscriber, subscriberById } from "@/db/subscribers";
import { type Clock, ORIGIN, confirmIn, editor, openIncident, postUpdate, testOutbox } from "@/tests/support/outbox-kit";
import { accountId, affectedIncident, contactsCsv } from "@/tests/support/notice-kit";
import { startSmtp } from "@/tests/support/smtp";
import { ENGINES, testStores } from "@/tests/support/stores";
import { TEST_SECRET } from "@/tests/support/test-database";
import { startReceiver } from "@/tests/support/webhook-receiver";
import { englishIn, englishPhrases } from "@/tests/support/lookup-leaks";
import { newsEmail } from "./email/render";
import { workAfterAnswers } from "./later";
import { queueNotices } from "./notices";
import { requestLink } from "./send-link";
import { carryOut, planSignUp } from "./subscribe";
import { sendDue } from "./worker";

// Every message in the subscriber's or the notice's language, through a real SMTP server and a real
// webhook receiver: a subscriber who signed up on a Russian page gets Russian mail whose links open
// Russian pages (List-Unsubscribe too); a webhook's body keeps its shape in every language.
const kit = testStores("mail-languages", { seed: false });
const clock: Clock = { now: Date.now() };
const now = () => (clock.now = Math.max(clock.now, Date.now()));
const SLUG = "kv-ru";
const [A, B] = ["a001", "b002"].map(accountId) as [string, string];

describe.each(ENGINES)("messages in the reader's language (on %s)", (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const store = () => kit.store(engine);

  beforeAll(async () => {
    [smtp, receiver] = await Promise.all([startSmtp(), startReceiver(() => ({ status: 200 }))]);
    await openIncident(store(), "queues");
    await affectedIncident(store(), SLUG, [A, B]);
  });
  afterAll(async () => {
    await smtp.close();
    await receiver.close();
  });

  const outbox = () => testOutbox(store(), { smtpUrl: smtp.url, clock });
  const mailTo = (address: string) => smtp.received.filter((r) => r.to.includes(address)).map((r) => r.mail);
  /** A message's raw head, its folded lines unfolded: what a mail provider reads List-Unsubscribe from. */
  const headOf = (address: string) => (smtp.received.filter((r) => r.to.includes(address)).at(-1)?.raw.toString("utf8") ?? "").split("\r\n\r\n")[0]?.replace(/\r\n[ \t]+/g, " ") ?? "";
  /** The mail's English, none of which a Russian message may hold. */
  const leaks = (mail: { subject?: string; text?: string } | undefined) => englishIn(`${mail?.subject ?? ""}\n${mail?.text ?? ""}`, ["mail"]);

  async function signUp(address: string, locale: "en" | "ru", channel: "email" | "webhook" = "email") {
    const plan = await planSignUp(store().q, { channel, address, incident: "queues", locale }, true);
    if ("field" in plan) throw new Error(plan.message);
    return { row: await carryOut(store(), plan, TEST_SECRET, new Date(now())), secret: plan.secret };
  }

  it("keeps the language of the page signed up on, and sends the confirmation in it, its link under /ru", async () => {
    const { row } = await signUp("ru@example.com", "ru");
    await signUp("en@example.com", "en");
    expect((await subscriberById(store().q, row.id))?.locale).toBe("ru");
    await sendDue(outbox());
    const [ru] = mailTo("ru@example.com");
    expect(ru?.subject).toBe("Подтвердите подписку на инцидент «Incident queues»");
    expect(ru?.text).toContain("Кто-то — надеемся, вы — попросил присылать по почте новости об инциденте «Incident queues».");
    expect(ru?.text).toContain("Ссылка действует 48 часов");
    expect(ru?.text).toMatch(new RegExp(`^Подтвердить подписку:\\n${ORIGIN}/ru/subscriptions/confirm\\?token=`, "m"));
    expect(ru?.html).toContain('<html lang="ru">');
    expect(ru?.headers.get("content-language")).toBe("ru");
    expect(englishPhrases(["mail"]).length).toBeGreaterThan(10);
    expect(leaks(ru)).toEqual([]);
    const [en] = mailTo("en@example.com");
    expect(en?.subject).toBe("Confirm your subscription to Incident queues");
    expect(en?.text).toMatch(new RegExp(`^Confirm the subscription:\\n${ORIGIN}/subscriptions/confirm\\?token=`, "m"));
    for (const mail of [ru, en]) {
      const opened = confirmIn(mail?.text ?? "", new Date(clock.now));
      if (!opened.ok) throw new Error("no confirmation link");
      await confirmSubscriber(store(), opened.subscriberId, opened.nonce);
    }
  });

  it("refuses an address in the language of the page signed up on", async () => {
    const refused = (channel: "email" | "webhook", address: string, locale: "en" | "ru", incident = "queues") => planSignUp(store().q, { channel, address, incident, locale }, false);
    expect(await refused("email", "not an address", "ru")).toEqual({ field: "address", message: "это не адрес электронной почты" });
    expect(await refused("webhook", "http://hooks.example.org/x", "ru")).toEqual({ field: "address", message: "укажите адрес, начинающийся с https://" });
    expect(await refused("webhook", "https://user:pw@hooks.example.org/x", "ru")).toEqual({ field: "address", message: "уберите из адреса имя пользователя, пароль и #фрагмент" });
    expect(await refused("email", "ada@example.com", "ru", "nothing-here")).toEqual({ field: "incident", message: "Опубликованного инцидента «nothing-here», на который можно подписаться, нет." });
    expect(await refused("webhook", "http://hooks.example.org/x", "en")).toEqual({ field: "address", message: "write an https:// address" });
  });

  it("sends news in Russian, its subject, body and List-Unsubscribe in Russian and under /ru; English stays English", async () => {
    await postUpdate(store(), "queues", "Один брокер переполнен; переносим очереди.");
    now();
    await sendDue(outbox());
    const ru = mailTo("ru@example.com").at(-1);
    expect(ru?.subject).toBe("Incident queues: Причина найдена");
    expect(ru?.text).toContain("У инцидента «Incident queues» новое обновление.\n\nПричина найдена, 1 декабря 2026 г., 10:00 UTC:\n\nОдин брокер переполнен; переносим очереди.");
    expect(ru?.text).toContain(`Открыть запись об инциденте:\n${ORIGIN}/ru/incidents/queues\n`);
    expect(ru?.text).toMatch(new RegExp(`Отписаться:\\n${ORIGIN}/ru/subscriptions/unsubscribe\\?token=`));
    expect(headOf("ru@example.com")).toMatch(new RegExp(`^List-Unsubscribe: <${ORIGIN}/ru/subscriptions/unsubscribe\\?token=[A-Za-z0-9_.-]+>$`, "m"));
    expect(headOf("ru@example.com")).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(leaks(ru)).toEqual([]);
    const en = mailTo("en@example.com").at(-1);
    expect(en?.subject).toBe("Incident queues: Identified");
    expect(headOf("en@example.com")).toMatch(new RegExp(`^List-Unsubscribe: <${ORIGIN}/subscriptions/unsubscribe\\?token=[A-Za-z0-9_.-]+>$`, "m"));
  });

  it("says a change of status in Russian words, the record's title as it is", () => {
    const at = "2026-12-02T09:00:00.000Z";
    const mail = newsEmail(
      { type: "incident.status_changed", at, incident: { slug: "queues", title: "Incident queues", status: "resolved" }, update: null, change: { from: "investigating", to: "resolved" } },
      `${ORIGIN}/ru/incidents/queues`,
      `${ORIGIN}/ru/subscriptions/unsubscribe?token=x`,
      "ru",
    );
    expect(mail.subject).toBe("Incident queues: решён");
    expect(mail.text).toContain("Статус инцидента «Incident queues» теперь — решён (был — расследуется).");
    expect(mail.headers).toMatchObject({ "List-Unsubscribe": `<${ORIGIN}/ru/subscriptions/unsubscribe?token=x>`, "Content-Language": "ru" });
  });

  it("writes a notice in the language it was queued in, its link opening the Russian lookup; a link sent again in the page's", async () => {
    await queueNotices({ store: store(), actor: editor, slug: SLUG, input: { contacts: contactsCsv([[A, "ada@example.com"]]), locale: "ru" }, secret: TEST_SECRET, now: new Date(now()) });
    await sendDue(outbox());
    const [notice] = mailTo("ada@example.com");
    expect(notice?.subject).toBe(`Инцидент «Incident ${SLUG}» затронул ваш аккаунт`);
    expect(notice?.text).toContain("Ваш аккаунт, оканчивающийся на a001, есть в списке аккаунтов, затронутых инцидентом «Incident kv-ru».");
    expect(notice?.text).toMatch(new RegExp(`Посмотреть, что произошло с вашим аккаунтом и что делать:\\n${ORIGIN}/ru/incidents/${SLUG}/lookup/link\\?token=`));
    expect(notice?.text).toMatch(/действует до \d{1,2} [а-я]+ \d{4} г\./);
    expect(leaks(notice)).toEqual([]);
    const env = readEnv({ DATABASE_URL: "unused.db" });
    await requestLink(store(), { slug: SLUG, address: "ada@example.com", headers: new Headers({ [CLIENT_ADDRESS_HEADER]: "192.0.2.9" }), secret: TEST_SECRET, locale: "ru", now: new Date(now()), env });
    await workAfterAnswers();
    await sendDue(outbox());
    const again = mailTo("ada@example.com").at(-1);
    expect(again?.subject).toBe(`Ваша ссылка по инциденту «Incident ${SLUG}»`);
    expect(again?.text).toMatch(new RegExp(`${ORIGIN}/ru/incidents/${SLUG}/lookup/link\\?token=`));
  });

  it("posts webhooks whose bodies have the same fields and types in Russian as in English, their links under /ru", async () => {
    const last = (path: string) => receiver.deliveries.filter((d) => d.path === path).at(-1)?.body;
    for (const locale of ["en", "ru"] as const) {
      const { secret } = await signUp(`${receiver.base}/${locale}`, locale, "webhook");
      if (secret) receiver.trust(`/${locale}`, secret);
    }
    await sendDue(outbox());
    for (const locale of ["en", "ru"]) {
      const opened = confirmIn(JSON.stringify(last(`/${locale}`)), new Date(clock.now));
      if (!opened.ok) throw new Error("no confirmation link in the event");
      await confirmSubscriber(store(), opened.subscriberId, opened.nonce);
    }
    const confirms = { en: last("/en"), ru: last("/ru") };
    await postUpdate(store(), "queues", "Очереди перенесены.", "2026-12-01T11:00Z");
    now();
    await sendDue(outbox());
    const news = { en: last("/en"), ru: last("/ru") };
    const shape = (v: unknown): unknown => (v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)])) : typeof v);
    expect(shape(confirms.ru)).toEqual(shape(confirms.en));
    expect(shape(news.ru)).toEqual(shape(news.en));
    const under = (prefix: string, path: string) => expect.stringMatching(new RegExp(`^${ORIGIN}${prefix}${path}`));
    expect(confirms.ru).toMatchObject({ type: "subscription.confirm", data: { confirm_url: under("/ru", "/subscriptions/confirm\\?token="), expires_in_hours: 48 } });
    expect(news.ru).toMatchObject({ type: "incident.updated", data: { incident: { url: under("/ru", "/incidents/queues$") }, unsubscribe_url: under("/ru", "/subscriptions/unsubscribe\\?token="), update: { status: "identified", body: "Очереди перенесены." } } });
    expect(news.en).toMatchObject({ type: "incident.updated", data: { incident: { url: under("", "/incidents/queues$") }, unsubscribe_url: under("", "/subscriptions/unsubscribe\\?token=") } });
  });
});
