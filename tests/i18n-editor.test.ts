import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { CATALOGUES, flatMessages } from "@/i18n/catalogue";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { newEditor, signInAsNewEditor } from "./support/editor";
import { newClient } from "./support/lookup";
import { callApi, testIncident, tokenAdd } from "./support/api";
import { fileServer } from "./support/file-server";
import { lookAt } from "./support/screenshots";

// The editor in Russian at /ru/…: sign-in, a draft, a save with a mistake said in words a person
// understands, every link keeping the language, no English of the editor's catalogues on its
// pages, and /ru/api/v1 refusing in Russian while /api/v1 refuses in English.

const RAW = /expected|received|>=|Too small|Invalid input/;
let browser: Browser;
let page: Page;
// A draft of this file's own, made through the API, for the tests that read or edit one.
const slug = `ru-${randomBytes(3).toString("hex")}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const created = await callApi("POST", "/incidents", { token: tokenAdd("write"), body: testIncident(slug, "Сбой очереди") });
  expect(created.response.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

/** Each test in a browser of its own, from a client of its own (the sign-in's limits count per client). */
beforeEach(async () => {
  const context: BrowserContext = await browser.newContext({ baseURL: fileServer().baseURL, extraHTTPHeaders: { "x-forwarded-for": newClient() } });
  onTestFinished(() => context.close());
  page = await context.newPage();
});

/** Every message of the editor's areas whose English differs from its Russian, as the fragments a page would show (ICU arguments cut out). */
function englishFragments(): string[] {
  const fragments = new Set<string>();
  for (const area of ["editor", "auth", "validation", "problems"] as const) {
    const en = flatMessages(CATALOGUES.en[area]);
    const ru = flatMessages(CATALOGUES.ru[area]);
    for (const [key, text] of en) {
      const theirs = ru.get(key) ?? "";
      if (theirs === text) continue;
      // Plain words only: a fragment long enough to be a phrase, not a shared token ("URL", "JSON") or one Russian keeps too (a command).
      for (const part of text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<\/?\w+>/)) if (/[a-z]{3,} [a-z]{2,}/i.test(part.trim()) && !theirs.includes(part.trim())) fragments.add(part.trim());
    }
  }
  return [...fragments];
}
const FRAGMENTS = englishFragments();

/** The English of the editor's catalogues on the page as a reader sees it (its visible text and its controls' names). */
async function englishOn(p: Page): Promise<string[]> {
  const text = await p.evaluate(() => {
    const names = [...document.querySelectorAll("[aria-label], [title], input[placeholder]")].map((e) => `${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("title") ?? ""}`);
    return `${document.body.innerText}\n${names.join("\n")}\n${document.title}`;
  });
  return FRAGMENTS.filter((f) => text.includes(f));
}

async function shoot(name: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await lookAt(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("the editor in Russian", () => {
  it("signs in at /ru/signin, refusing a wrong password in Russian, and lands on /ru/editor", async () => {
    const { email, password } = newEditor();
    await page.goto("/ru/signin?next=%2Fru%2Feditor");
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    expect(await englishOn(page)).toEqual([]);
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByLabel("Пароль").fill("not the password");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect.poll(() => page.locator("#signin-error").innerText()).toBe("Неверная почта или пароль.");
    await expectNoAxeViolations(page, "/ru/signin, refused");
    await page.getByLabel("Пароль").fill(password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL("**/ru/editor");
    expect(await englishOn(page)).toEqual([]);
  });

  it("creates a draft, and a save with a mistake says in Russian, with the field's name, what to write", async () => {
    await signInAsNewEditor(page, "/ru/editor");
    const own = `ru-${randomBytes(3).toString("hex")}`;
    await page.getByLabel("Адрес (slug)").fill(own);
    for (const [label, value] of [["Заголовок", "Сбой очереди"], ["Провайдер", "Example"], ["Сервис", "Очереди"], ["Краткое описание", "Задания стояли."], ["Последствия", "Задержки."], ["Причина", "Полный диск."]] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole("button", { name: "Создать черновик" }).click();
    await page.waitForURL(`**/ru/editor/incidents/${own}`);

    // Emptied, the title and the provider are refused on save: the live check and the server say the same words.
    await page.locator("#title").fill("");
    await page.locator("#provider").fill(" ");
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    const banner = page.locator("main").getByRole("alert");
    await expect.poll(() => banner.innerText()).toContain("Заполните поле «Заголовок».");
    const said = await banner.innerText();
    expect(said).toMatch(/^Исправьте поля и отправьте снова\. /);
    expect(said).toContain("Заполните поле «Провайдер».");
    expect(said).not.toMatch(RAW);
    expect(await page.locator("#title-problem").innerText()).toBe("Заполните поле «Заголовок».");
    await shoot("i18n-editor-ru-mistake");
    await expectNoAxeViolations(page, "/ru/editor/incidents/…, a refused save");
    expect(await englishOn(page)).toEqual([]);
  });

  it("says an item's mistakes in Russian too, and every link of the editor keeps the language", async () => {
    await signInAsNewEditor(page, `/ru/editor/incidents/${slug}/sources`);
    const form = page.getByRole("form", { name: "Добавить источник" }).first();
    await form.getByLabel("Издатель").fill("Example");
    await form.getByLabel("Заголовок").fill("Статус");
    await form.getByLabel("Дата публикации").fill("1 декабря");
    await form.getByLabel("Адрес (URL) (необязательно)").fill("https://example.org/a b");
    await form.getByRole("button", { name: "Добавить источник" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toContain("В поле «Дата публикации» нужна дата в виде ГГГГ-ММ-ДД, например 2026-09-09.");
    expect(await form.getByRole("alert").innerText()).toContain("https://example.org/a%20b");
    await shoot("i18n-editor-ru-source-mistake");
    await expectNoAxeViolations(page, "/ru/editor/incidents/…/sources, a refused source");
    expect(await englishOn(page)).toEqual([]);

    const links = await page.locator("main a[href^='/']").evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((href) => !href.startsWith("/ru/") && href !== "/ru")).toEqual([]);
  });

  it("has no English of its catalogues on any of its pages", async () => {
    await signInAsNewEditor(page, "/ru/editor");
    for (const section of ["", "/events", "/durations", "/affected", "/history", "/publish"]) {
      await page.goto(`/ru/editor/incidents/${slug}${section}`);
      expect(await englishOn(page), section || "the incident").toEqual([]);
    }
    await expectNoAxeViolations(page, "/ru/editor/incidents/…/publish");
    await page.goto(`/ru/incidents/${slug}`);
    await page.getByRole("note", { name: "Черновик" }).getByText("Черновик, не опубликован.").waitFor();
    expect(await page.getByRole("note").locator("a").evaluateAll((all) => all.map((a) => a.getAttribute("href")))).toEqual([`/ru/editor/incidents/${slug}`, `/ru/editor/incidents/${slug}/publish`]);
    await page.goto("/ru/signout");
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole("button", { name: "Выйти" }).click();
    await page.waitForURL("**/ru/signin");
  });
});

describe("/api/v1 in the address's language", () => {
  const call = async (prefix: string, method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(new URL(`${prefix}/api/v1${url}`, fileServer().baseURL), {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    return { status: response.status, body: (await response.json()) as { title: string; detail: string; errors?: Array<{ field: string; message: string }> } };
  };

  it("refuses in Russian at /ru/api/v1 and in English at /api/v1: the token, the edge's 405, a body's mistakes", async () => {
    const ru = await call("/ru", "GET", "/incidents");
    expect(ru.status).toBe(401);
    expect(ru.body.detail).toMatch(/^Передайте действующий токен в заголовке Authorization: Bearer <токен>/);
    expect((await call("", "GET", "/incidents")).body.detail).toMatch(/^Send a valid token as Authorization: Bearer <token>/);

    const method = await call("/ru", "DELETE", "/incidents");
    expect(method.status).toBe(405);
    expect(method.body.detail).toMatch(/^Этот адрес отвечает только на GET/);

    const token = tokenAdd("write");
    const item = { number: "1", publisher: "", title: "Статус", author: null, publishedOn: "2026-12-01", url: null, note: null, extra: true };
    const refused = await call("/ru", "POST", `/incidents/${slug}/sources`, { version: 99, item }, token);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: "item.number", message: "В поле «Номер» нужно число, например 12." },
      { field: "item.publisher", message: "Заполните поле «Издатель»." },
      { field: "item.extra", message: "Поля «extra» здесь нет; уберите его." },
    ]);
    expect(refused.body.detail).not.toMatch(RAW);
    const english = await call("", "POST", `/incidents/${slug}/sources`, { version: 99, item }, token);
    expect(english.body.errors?.[1]).toEqual({ field: "item.publisher", message: 'Write something in "Publisher".' });

    const stale = await call("/ru", "PATCH", `/incidents/${slug}`, { version: 99, title: "Другой" }, token);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/^Инцидент изменился после версии 99/);
  });
});
