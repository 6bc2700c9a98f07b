import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { type AccountIdForm, describeForm } from "@/domain/record/affected-shape";
import { lookupWords } from "./lookup";

const glm = readSeedIncident("glm-5-3-kv-cache-exposure").record.affectedShape;

describe("the lookup's words", () => {
  it("come from the incident's list shape: its account id's name and form, its request ids and where to find them, its unit", () => {
    const words = lookupWords(glm);
    expect(words.account.label).toBe("Cloudflare account ID");
    expect(words.account.hint).toBe("32 hexadecimal digits, like 0123456789abcdef0123456789abcdef.");
    expect(words.requests?.label).toBe("Request IDs");
    expect(words.requests?.hint).toContain("does not say where Cloudflare shows a request's ID");
    expect(words.unitMany).toBe("responses");
    expect(words.measures.prompt_tokens?.heading).toBe("Prompt length (tokens)");
    expect(words.roles.recipient).toBe("received another customer's session fragments");
  });

  it("offer no request-id check for a list without request ids, and claim no form where the incident has no shape", () => {
    if (!glm) throw new Error("GLM-5.3 ships its list's shape");
    expect(lookupWords({ ...glm, requestIds: null }).requests).toBeNull();
    const plain = lookupWords(null);
    expect(plain.account.hint).toBe("As your provider issued it.");
    expect(JSON.stringify(plain)).not.toMatch(/hexadecimal|response/i);
  });
});

describe("the lookup's words in Russian", () => {
  it("say each form of account id from the catalogue, in English and in Russian with the numbers' plural forms", () => {
    const forms: AccountIdForm[] = [{ kind: "hex", digits: 32 }, { kind: "uuid" }, { kind: "decimal", maxDigits: 21 }, { kind: "email" }, { kind: "text", maxLength: 128 }];
    expect(forms.map((form) => describeForm(form))).toEqual([
      "32 hexadecimal digits",
      "a UUID (8-4-4-4-12 hexadecimal digits)",
      "up to 21 decimal digits",
      "an email address",
      "up to 128 letters, digits, '.', '_', '-', ':' or '@'",
    ]);
    expect(forms.map((form) => describeForm(form, "ru"))).toEqual([
      "32 шестнадцатеричные цифры",
      "UUID (8-4-4-4-12 шестнадцатеричных цифр)",
      "не больше 21 десятичной цифры",
      "адрес электронной почты",
      "до 128 символов: латинские буквы, цифры, «.», «_», «-», «:» или «@»",
    ]);
  });

  it("translate the interface's words around the list's own, which stay as its shape gives them", () => {
    const words = lookupWords(glm, "ru");
    expect(words.account.label).toBe("Cloudflare account ID");
    expect(words.account.hint).toBe("32 шестнадцатеричные цифры, например 0123456789abcdef0123456789abcdef.");
    expect(words.requests?.hint).toMatch(/^Из ваших логов: .* does not say where Cloudflare shows a request's ID/);
    expect([words.unitMany, words.roles.recipient]).toEqual(["responses", "received another customer's session fragments"]);
    const plain = lookupWords(null, "ru");
    expect([plain.account.label, plain.unitMany, plain.roles.recipient]).toEqual(["Идентификатор аккаунта", "строки", "получил чужие данные"]);
  });
});
