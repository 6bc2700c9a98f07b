import { describe, expect, it } from "vitest";
import type { GateResult } from "@/lookup/run";
import { lookupHttp } from "./lookup-http";

// The lookup API's problems in the address's language: /ru/api/… in Russian (title, detail, and
// Content-Language), /api/… in English as before; the status, the code and the fields the same.
const H = { "x-ratelimit-limit": "30" };
const asked = (result: GateResult, locale: "en" | "ru") => {
  const http = lookupHttp("glm", result, { openid: true, locale, account: { label: "Cloudflare account ID", form: "32 шестнадцатеричные цифры", example: "0123" } });
  return { status: http.status, language: http.headers["content-language"], body: JSON.parse(http.body ?? "{}") as Record<string, unknown> };
};

describe("the lookup API's problems", () => {
  it("say proof-required, no-list and too-many in Russian at /ru, with the same status and code", () => {
    const cases: GateResult[] = [
      { kind: "proof-required", headers: H },
      { kind: "no-list", list: "none", headers: H },
      { kind: "link-refused", reason: "expired", headers: H },
      { kind: "limited", scope: "client", decision: { allowed: false, remaining: 0, resetSeconds: 7, retryAfterSeconds: 7, limit: 30 }, headers: H },
    ];
    const ru = cases.map((c) => asked(c, "ru"));
    const en = cases.map((c) => asked(c, "en"));
    expect(ru.map((r) => [r.status, r.body.code])).toEqual(en.map((r) => [r.status, r.body.code]));
    expect(ru.map((r) => r.language)).toEqual(["ru", "ru", "ru", "ru"]);
    expect(en.map((r) => r.language)).toEqual([undefined, undefined, undefined, undefined]);
    expect(ru[0]?.body).toMatchObject({ title: "Доступ запрещён", code: "proof-required" });
    expect(ru[0]?.body.detail).toContain("/ru/incidents/glm/lookup");
    expect(ru[0]?.body.detail).toContain('{"link": "<ссылка>"}');
    expect(en[0]?.body.detail).toBe(
      'An account id alone shows nothing of the account: prove it is yours. Send the lookup link from your provider\'s notice as {"link": "<the link>"}; or send the account id with request ids from your own logs as {"accountId": "…", "requestIds": ["…"]}: only those requests are answered; or sign in with your provider at /incidents/glm/lookup and send the lookup with the session cookie it gives.',
    );
    expect(ru[1]?.body.detail).toMatch(/^Список затронутых по этому инциденту ещё не опубликован/);
    expect(ru[1]?.body.detail).not.toMatch(/не затронут/);
    expect(ru[3]?.body).toMatchObject({ title: "Слишком много запросов", detail: "Слишком много проверок с этого адреса. Попробуйте снова через 7 с." });
  });

  it("name each bad field in Russian, the fields themselves as sent", () => {
    const invalid: GateResult = {
      kind: "invalid",
      errors: [
        { field: "accountId", message: "Cloudflare account ID is 32 hexadecimal digits, like 0123" },
        { field: "requestIds.2", message: "a request id is 1–128 letters, digits, '.', '_', ':' or '-'" },
        { field: "extra", message: 'there is no field "extra" here; leave it out' },
      ],
      headers: H,
    };
    const ru = asked(invalid, "ru");
    expect(ru.body.errors).toEqual([
      { field: "accountId", message: "Cloudflare account ID: ожидается 32 шестнадцатеричные цифры, например 0123" },
      { field: "requestIds.2", message: "идентификатор запроса — от 1 до 128 символов: латинские буквы, цифры, «.», «_», «:» или «-»" },
      { field: "extra", message: "поля «extra» здесь нет; уберите его" },
    ]);
    expect(asked(invalid, "en").body.errors).toEqual(invalid.errors);
  });
});
