import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { outboxMessage } from "@/db/schema";
import { callApi, putShape, testIncident, tokenAdd } from "./support/api";
import { signInAsNewEditor } from "./support/editor";
import { sampleAccountIds, sampleRows } from "./support/sample";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { SLUG, THIRD_SLUG } from "./support/contract";
import { linksFor, lookupURL, newClient } from "./support/lookup";
import { englishIn } from "./support/lookup-leaks";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { freePort } from "./support/process";
import { startSmtp } from "./support/smtp";
import { fileServer } from "./support/file-server";
import { withFileStore } from "./support/file-store";
import { lookAt } from "./support/screenshots";
import { commandArgs } from "../scripts/server-command";

// The lookup in Russian, in Chromium against the production server: at /ru by request ids and by
// a link (which lands on the Russian page), at 390 and 1440 px, light and dark, axe clean, times in
// the reader's zone in Russian beside UTC, links and downloads under /ru, no English of the lookup's
// catalogue in the page's visible text; the link-waiting choice; the API's problems at /ru/api.
const RU_LOOKUP = `/ru/incidents/${SLUG}/lookup`;
const ZONE = "America/Los_Angeles";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ruLink = (link: string) => link.replace(/\/incidents\//, "/ru/incidents/");
const visible = (page: Page) => page.locator("body").innerText();
const context = (width: number, colorScheme: "light" | "dark"): Promise<BrowserContext> =>
  browser.newContext({ baseURL: fileServer().baseURL, colorScheme, timezoneId: ZONE, viewport: { width, height: 900 }, extraHTTPHeaders: { "x-forwarded-for": newClient() } });

/** The page in Russian only: its language, no English phrase of the lookup's words, nothing wider than the screen. */
async function allRussian(page: Page, width: number, what: string): Promise<void> {
  expect(await page.locator("html").getAttribute("lang")).toBe("ru");
  expect(englishIn(await visible(page), ["lookup"]), what).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoAxeViolations(page, what);
}

describe("the lookup in Russian", () => {
  const byIds = sampleAccountIds()[7] as string;
  const byLink = sampleAccountIds()[8] as string;
  const given = sampleRows().find((r) => r.accountId === byIds)?.requestId ?? "";
  const mine = sampleRows().filter((r) => r.accountId === byLink);

  for (const [width, colorScheme] of [[390, "light"], [390, "dark"], [1440, "light"], [1440, "dark"]] as const) {
    it(`answers request ids and a link in Russian at ${width} px (${colorScheme})`, async () => {
      const ctx = await context(width, colorScheme);
      try {
        const page = await ctx.newPage();
        expect((await page.goto(RU_LOOKUP, { waitUntil: "networkidle" }))?.status()).toBe(200);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/^Затронул ли инцидент мой аккаунт\?/);
        await allRussian(page, width, `${RU_LOOKUP} (${width}, ${colorScheme})`);
        expect(await page.getByRole("link", { name: /^←/ }).getAttribute("href")).toBe(`/ru/incidents/${SLUG}`);
        await lookAt(page, `i18n-lookup-ways-${width}-${colorScheme}`);

        await page.getByLabel("Идентификатор аккаунта Cloudflare").fill(byIds);
        await page.getByLabel(/^Идентификаторы запросов/).fill(`${given}\nne-moi-1`);
        await page.getByRole("button", { name: "Проверить эти запросы" }).click();
        await page.getByRole("heading", { name: "Затронут 1 ваш запрос" }).waitFor();
        const answered = await visible(page);
        expect(answered).toContain("Проверены 2 идентификатора запросов по затронутым позициям этого аккаунта (ответы).");
        expect(answered).toContain("ne-moi-1: нет среди затронутых позиций этого аккаунта (ответы)");
        await allRussian(page, width, `${RU_LOOKUP} answering request ids (${width}, ${colorScheme})`);
        await lookAt(page, `i18n-lookup-ids-${width}-${colorScheme}`);

        const [link = ""] = await linksFor(SLUG, [byLink]);
        await page.goto(ruLink(link), { waitUntil: "networkidle" });
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(RU_LOOKUP);
        await page.getByRole("heading", { name: "Ваш аккаунт затронут (тестовые данные, не список провайдера)" }).waitFor();
        const first = mine.map((r) => r.occurredAt ?? "").sort()[0] ?? "";
        const local = new Intl.DateTimeFormat("ru", { timeZone: ZONE, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(first));
        const owner = await visible(page);
        expect(owner).toContain(`${first.slice(0, 10)} ${first.slice(11, 16)} UTC · ${local} по вашему времени (${ZONE})`);
        expect(owner).toContain(`Показан аккаунт, оканчивающийся на …${byLink.slice(-4)}, по ссылке из уведомления провайдера`);
        expect(owner).toMatch(/Затронуто: \d+ \(ответы\), с .+ по .+:/);
        expect(await page.getByRole("link", { name: "CSV" }).getAttribute("href")).toBe(`/ru/incidents/${SLUG}/lookup/rows?format=csv`);
        expect(await page.locator("form", { has: page.getByRole("button", { name: "Выйти из проверки" }) }).getAttribute("action")).toBe(`/ru/incidents/${SLUG}/lookup/signout`);
        await allRussian(page, width, `${RU_LOOKUP} opened from a link (${width}, ${colorScheme})`);
        await lookAt(page, `i18n-lookup-link-${width}-${colorScheme}`);

        const csv = await ctx.request.get(`/ru/incidents/${SLUG}/lookup/rows?format=csv`);
        expect(csv.status()).toBe(200);
        expect((await csv.text()).split("\r\n")[0]).toBe("request_id,occurred_at,prompt_tokens,role");
        await page.getByRole("button", { name: "Выйти из проверки" }).click();
        await page.getByRole("heading", { name: "По ссылке из уведомления" }).waitFor();
        expect(new URL(page.url()).pathname).toBe(RU_LOOKUP);
      } finally {
        await ctx.close();
      }
    });
  }

  it("asks in Russian before a link from another site replaces the account shown, and keeps the language on either choice", async () => {
    const [own, theirs] = [sampleAccountIds()[10] as string, sampleAccountIds()[11] as string];
    const [ownLink = "", theirLink = ""] = (await linksFor(SLUG, [own, theirs])).map(ruLink);
    const ctx = await context(390, "light");
    try {
      const page = await ctx.newPage();
      await page.goto(ownLink);
      await page.getByText(`Показан аккаунт, оканчивающийся на …${own.slice(-4)}`).waitFor();
      await page.route("http://elsewhere.test/", (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: `<!doctype html><title>Elsewhere</title><a href="${theirLink}">Проверьте аккаунт</a>` }));
      await page.goto("http://elsewhere.test/");
      await page.getByRole("link", { name: "Проверьте аккаунт" }).click();
      const waiting = page.getByRole("region", { name: "Эта ссылка — для другого аккаунта" });
      await waiting.waitFor();
      expect(new URL(page.url()).pathname).toBe(RU_LOOKUP);
      expect(await waiting.innerText()).toContain(`для аккаунта, оканчивающегося на …${theirs.slice(-4)}, а не для аккаунта на …${own.slice(-4)}`);
      await allRussian(page, 390, `${RU_LOOKUP} with a link waiting`);
      await lookAt(page, "i18n-lookup-waiting-390");
      await page.getByRole("button", { name: `Перейти к аккаунту …${theirs.slice(-4)}` }).click();
      await page.getByText(`Показан аккаунт, оканчивающийся на …${theirs.slice(-4)}`).waitFor();
      expect(new URL(page.url()).pathname).toBe(RU_LOOKUP);
    } finally {
      await ctx.close();
    }
  });

  it("says why a link proved nothing in Russian, on the Russian page", async () => {
    const ctx = await context(1440, "dark");
    try {
      const page = await ctx.newPage();
      await page.goto(`${RU_LOOKUP}/link?token=not-a-token`);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`${RU_LOOKUP}?link=invalid`);
      expect(await page.getByRole("alert").first().innerText()).toMatch(/^Эта ссылка для проверки недействительна/);
      await allRussian(page, 1440, `${RU_LOOKUP}?link=invalid`);
    } finally {
      await ctx.close();
    }
  });

  it("says in Russian that an incident without a list cannot check an account, never that it was not affected", async () => {
    const ctx = await context(390, "dark");
    try {
      const page = await ctx.newPage();
      expect((await page.goto(`/ru/incidents/${THIRD_SLUG}/lookup`))?.status()).toBe(200);
      const notice = page.getByRole("status").filter({ hasText: "Здесь нельзя проверить аккаунт" });
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/Список затронутых по этому инциденту ещё не опубликован.*ничего не сказано о том, затронут ли ваш/s);
      await allRussian(page, 390, `/ru/incidents/${THIRD_SLUG}/lookup`);
      await lookAt(page, "i18n-lookup-no-list-390-dark");
    } finally {
      await ctx.close();
    }
  });

  it("answers the API's problems in Russian at /ru/api and in English at /api, the answer's fields the same", async () => {
    const ask = async (prefix: string, body: unknown) => {
      const url = new URL(`${prefix}${lookupURL(SLUG).pathname}`, fileServer().baseURL);
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": newClient() }, body: JSON.stringify(body) });
      return { status: response.status, language: response.headers.get("content-language"), body: (await response.json()) as Record<string, unknown> };
    };
    const [ru, en] = await Promise.all([ask("/ru", { accountId: byIds }), ask("", { accountId: byIds })]);
    expect([ru.status, ru.body.code, ru.language]).toEqual([403, "proof-required", "ru"]);
    expect([en.status, en.body.code, en.language]).toEqual([403, "proof-required", null]);
    expect(ru.body).toMatchObject({ title: "Доступ запрещён", detail: expect.stringMatching(/^Один идентификатор аккаунта ничего об аккаунте не показывает/) });
    expect(en.body.detail).toMatch(/^An account id alone shows nothing of the account/);
    const bad = await ask("/ru", { accountId: "not-hex", requestIds: [given] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "accountId", message: "Идентификатор аккаунта Cloudflare: ожидается 32 шестнадцатеричные цифры, например 0123456789abcdef0123456789abcdef" }]);
    const none = await fetch(new URL(`/ru/api/incidents/${THIRD_SLUG}/lookup`, fileServer().baseURL), { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": newClient() }, body: JSON.stringify({ accountId: "x", requestIds: ["y"] }) });
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ code: "no-list", title: "Конфликт", detail: expect.stringMatching(/^Список затронутых по этому инциденту ещё не опубликован/) });
    const [answerRu, answerEn] = await Promise.all([ask("/ru", { accountId: byIds, requestIds: [given] }), ask("", { accountId: byIds, requestIds: [given] })]);
    expect([answerRu.status, answerEn.status]).toEqual([200, 200]);
    expect(answerRu.body).toEqual(answerEn.body);
  });
});

describe("a subscription made on a Russian page", () => {
  let server: OwnServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token = "";
  const who = "chitatel@example.com";

  beforeAll(async () => {
    smtp = await startSmtp();
    const port = await freePort();
    server = await startOwnServer(port, { SMTP_URL: smtp.url, MAIL_FROM: "Aftermath <status@example.org>", PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, TRUST_PROXY: "1" });
    const made = spawnSync(process.execPath, [...commandArgs("token-add"), "--name", "i18n-lookup-test", "--scope", "write"], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: server.databasePath, NODE_ENV: "production" },
    });
    token = made.stdout.trim();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  async function until<T>(find: () => T | undefined, what: string, ms = 20_000): Promise<T> {
    for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 100))) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    }
  }
  const mailTo = (subject: RegExp) => smtp.received.find((m) => m.to.includes(who) && subject.test(m.mail.subject ?? ""));
  const linkIn = (text: string, kind: "confirm" | "unsubscribe") => new RegExp(`https?://[^\\s]+/subscriptions/${kind}\\?token=[A-Za-z0-9_.%-]+`).exec(text)?.[0] ?? "";
  const subscribeRussian = async (page: Page, width: number, what: string) => {
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    expect(englishIn(await visible(page), ["subscribe"]), what).toEqual([]);
    await expectNoAxeViolations(page, what);
    await lookAt(page, `i18n-${what.replace(/\W+/g, "-")}-${width}`);
  };

  it("signs up on /ru/subscribe, gets the confirmation and the news in Russian, their links under /ru", async () => {
    for (const width of [390, 1440]) {
      const ctx = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 900 }, extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${width % 250}` } });
      try {
        const page = await ctx.newPage();
        await page.goto(`/ru/subscribe?incident=${SLUG}`);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Подписка на новости об инцидентах");
        await subscribeRussian(page, width, "subscribe page");
        if (width !== 1440) continue;
        await page.getByLabel("Адрес электронной почты или https://-адрес вашего обработчика").fill(who);
        await page.getByRole("button", { name: "Подписаться" }).click();
        await expect.poll(() => page.getByRole("status").textContent()).toContain("Проверьте почту.");
        const confirmation = await until(() => mailTo(/^Подтвердите подписку/), "the confirmation");
        expect(confirmation.mail.subject).toMatch(/^Подтвердите подписку на инцидент «.+»$/);
        const confirm = linkIn(confirmation.mail.text ?? "", "confirm");
        expect(new URL(confirm).pathname).toBe("/ru/subscriptions/confirm");
        await page.goto(confirm);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Подтвердите подписку");
        await subscribeRussian(page, width, "confirm page");
        await page.getByRole("button", { name: "Подтвердить подписку" }).click();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Подписка подтверждена");
        expect(new URL(page.url()).pathname).toBe("/ru/subscriptions/confirm");
      } finally {
        await ctx.close();
      }
    }
    const api = (method: string, p: string, b?: unknown) =>
      fetch(`${server.baseURL}/api/v1${p}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: b === undefined ? undefined : JSON.stringify(b) });
    const incident = (await (await api("GET", `/incidents/${SLUG}`)).json()) as { version: number };
    const posted = await api("POST", `/incidents/${SLUG}/updates`, { version: incident.version, item: { at: "2026-09-09T15:00Z", status: "monitoring", body: "Наблюдаем после исправления." } });
    expect(posted.status).toBe(201);
    const news = await until(() => mailTo(/: Наблюдаем$/), "the news");
    expect(news.mail.text).toContain("Наблюдаем, 9 сентября 2026 г., 15:00 UTC:\n\nНаблюдаем после исправления.");
    expect(englishIn(`${news.mail.subject ?? ""}\n${news.mail.text ?? ""}`, ["mail"])).toEqual([]);
    const head = news.raw.toString("utf8").split("\r\n\r\n")[0]?.replace(/\r\n[ \t]+/g, " ") ?? "";
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1] ?? "";
    expect(new URL(unsubscribe).pathname).toBe("/ru/subscriptions/unsubscribe");
    const ctx = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
    try {
      const page = await ctx.newPage();
      await page.goto(unsubscribe);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Отписаться");
      await subscribeRussian(page, 390, "unsubscribe page");
      await page.getByRole("button", { name: "Отписаться" }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Вы отписались");
      expect(new URL(page.url()).pathname).toBe("/ru/subscriptions/unsubscribe");
    } finally {
      await ctx.close();
    }
  });
});

describe("the editor's notices page and 'send me my link' in Russian", () => {
  const slug = `uvedomleniya-${randomBytes(4).toString("hex")}`;
  const account = (n: number) => `${"e".repeat(28)}${String(n).padStart(4, "0")}`;
  const csv = (lines: string[], header = "account_id,email") => Buffer.from([header, ...lines].join("\n") + "\n");
  const payloads = async (purpose: "notice" | "link") => {
    const stored = await withFileStore((store) => store.q.select({ payload: outboxMessage.payload }).from(outboxMessage).where(eq(outboxMessage.purpose, purpose)).orderBy(outboxMessage.id).all());
    return stored.map((p) => JSON.parse(p.payload) as { locale: string; incident?: { slug?: string } }).filter((p) => p.incident?.slug === slug);
  };

  beforeAll(async () => {
    const token = tokenAdd("write");
    const created = await callApi("POST", "/incidents", { token, body: testIncident(slug, "Notices in Russian") });
    const version = await putShape(token, slug, created.body.version as number);
    const rows = [1, 2].map((n) => `${account(n)},${slug}-${n},2026-09-01T12:00:00Z,${100 + n},recipient`);
    const list = await callApi("POST", `/incidents/${slug}/affected?version=${version}`, { token, contentType: "text/csv", body: csv(rows, "account_id,request_id,occurred_at,prompt_tokens,role").toString() });
    expect(list.response.status, JSON.stringify(list.body)).toBe(201);
    expect((await callApi("POST", `/incidents/${slug}/publish`, { token, body: { version: list.body.version } })).response.status).toBe(200);
  });

  it("queues notices in the page's language and says so in Russian, at 1440 and 390 px", async () => {
    for (const width of [1440, 390]) {
      const ctx = await context(width, "light");
      try {
        const page = await ctx.newPage();
        const at = `/ru/editor/incidents/${slug}/notices`;
        await signInAsNewEditor(page, at);
        await page.getByRole("heading", { name: "Уведомления затронутым клиентам" }).waitFor();
        if (width === 1440) {
          await page.getByLabel("Файл контактов").setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: csv([`${account(1)},ada@example.com`, "not-an-id,x@example.com"]) });
          await page.getByRole("button", { name: "Поставить уведомления в очередь" }).click();
          await page.getByText(/^Ничего не поставлено в очередь: не удалось прочитать файл контактов — строка 3 \(идентификатор аккаунта не подходит, ожидается: 32 шестнадцатеричные цифры\)/).waitFor();
          await page.getByText("строка 3: идентификатор аккаунта не подходит, ожидается: 32 шестнадцатеричные цифры").waitFor();
          await page.getByLabel("Файл контактов").setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: csv([`${account(1)},ada@example.com`, `${account(9)},nine@example.org`]) });
          await page.getByRole("button", { name: "Поставить уведомления в очередь" }).click();
          await page.getByText(/^В очереди 1 уведомление; уже уведомлены раньше: 0, нет в списке: 1\. Ссылки в них действуют до \d{4}-\d{2}-\d{2}\.$/).waitFor();
          expect((await payloads("notice")).map((p) => p.locale)).toEqual(["ru"]);
        }
        await page.getByText("SMTP-сервер не настроен: задайте SMTP_URL и MAIL_FROM, и ожидающие письма уйдут.").waitFor();
        await lookAt(page, `i18n-notices-editor-${width}`);
        expect(englishIn(await visible(page), ["notices"])).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page, `${at} (${width})`);
      } finally {
        await ctx.close();
      }
    }
  });

  it("sends 'my link' in the language of the page it was asked on", async () => {
    const ctx = await context(390, "dark");
    try {
      const page = await ctx.newPage();
      await page.goto(`/ru/incidents/${slug}/lookup`);
      await page.getByLabel(/Ваш контактный адрес электронной почты/).fill("ada@example.com");
      await page.getByRole("button", { name: "Прислать мою ссылку" }).click();
      await page.getByRole("status").filter({ hasText: "ссылка уже отправлена туда" }).waitFor();
      await expect.poll(async () => (await payloads("link")).map((p) => p.locale)).toEqual(["ru"]);
      expect(englishIn(await visible(page), ["lookup"])).toEqual([]);
      await expectNoAxeViolations(page, "the Russian lookup page after 'send me my link'");
      await lookAt(page, "i18n-lookup-send-link-390-dark");
    } finally {
      await ctx.close();
    }
  });
});
