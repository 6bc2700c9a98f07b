import { beforeAll, describe, expect, it } from "vitest";
import { SLUG } from "./support/contract";
import { newEditor } from "./support/editor";
import { submitForm } from "./support/forms";
import { elementsWith } from "./support/html";
import { newClient } from "./support/lookup";
import { fileServer } from "./support/file-server";

// Every server action whose id a page's HTML carries (public pages, sign-in, the lookup, the
// editor's pages while signed in), posted with arguments no form of ours sends, in every body the
// gate lets through to a page, with and without a session: each must be refused, 4xx problem+json,
// before the action runs. Nothing sent here is a request a form could make.

const baseURL = fileServer().baseURL;
const PAGES = ["/", "/compare", `/incidents/${SLUG}`, `/incidents/${SLUG}/changes`, `/incidents/${SLUG}/lookup`, "/signin", "/signout", "/editor", `/editor/incidents/${SLUG}`, ...["sources", "events", "affected", "notices", "publish", "history"].map((s) => `/editor/incidents/${SLUG}/${s}`)];

type Form = { page: string; id: string; hidden: Array<[string, string]>; visible: Array<{ name: string; file: boolean }> };
type Sent = { what: string; page: string; init: RequestInit };

/** Argument lists no form sends: not an array, cut off, the wrong count, the wrong types, a state or a FormData where the other goes, fields missing. */
const ARGS = [
  "",
  "[",
  "x",
  '[{"status":',
  "{}",
  "null",
  '"x"',
  "1",
  "[]",
  '["x"]',
  '["$@1"]',
  '["$T"]',
  '["$Q1"]',
  '["$K1","$K1"]',
  '[null,"$K1"]',
  "[1,2,3,4,5,6,7,8]",
  '[{"status":"idle"}]',
  '[{"status":"idle"},"$K1"]',
  '[{"status":"nonsense"},"$K1"]',
  '["$K1",{"status":"idle"}]',
  `["${SLUG}",{"status":"idle"},"$K1"]`,
  `["${SLUG}",true,{"status":"idle"},"$K1"]`,
  `["${SLUG}","events",{"status":"idle"},"$K1"]`,
  `["${SLUG}","events",1,{"status":"idle"},"$K1"]`,
  `["${SLUG}","events",-1,{"status":"idle"},"$K1"]`,
  `["${SLUG}","events","1",{"status":"idle"},"$K1"]`,
  `["${SLUG}","nonsense",1,{"status":"idle"},"$K1"]`,
  `["../x",{"status":"idle"},"$K1"]`,
  `[1,{"status":"idle"},"$K1"]`,
];
/** Bound arguments a no-JavaScript form cannot carry. */
const BOUND = ["[", "{}", "[]", '["x"]', "[1,2,3,4,5,6,7,8]", '[{"status":"nonsense"}]', "null"];

const ID = /(?:&quot;|\\")id(?:&quot;|\\"):(?:&quot;|\\")([0-9a-f]{40,})|\$ACTION_ID_([0-9a-f]{40,})/g;

/** The forms of a page that post to a server action, one per action, and every action id the page carries. */
function formsOf(page: string, html: string): Form[] {
  const forms = new Map<string, Form>();
  for (const [chunk] of html.matchAll(/<form\b[\s\S]*?<\/form>/g)) {
    const controls = elementsWith(chunk, "name");
    const hidden = controls.filter((c) => c.attributes.get("type") === "hidden").map((c): [string, string] => [c.attributes.get("name") ?? "", c.attributes.get("value") ?? ""]);
    const id = [...chunk.matchAll(ID)].map((m) => m[1] ?? m[2] ?? "")[0];
    const visible = controls.filter((c) => c.attributes.get("type") !== "hidden" && c.name !== "button").map((c) => ({ name: c.attributes.get("name") ?? "", file: c.attributes.get("type") === "file" }));
    if (id && !forms.has(id)) forms.set(id, { page, id, hidden, visible });
  }
  for (const m of html.matchAll(ID)) {
    const id = m[1] ?? m[2] ?? "";
    if (!forms.has(id)) forms.set(id, { page, id, hidden: [], visible: [] });
  }
  return [...forms.values()];
}

const multipart = (fields: Array<[string, string | Blob]>) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

/** What a fetch from the page's own script would look like, with garbage for arguments. */
function fetchStyle(form: Form): Sent[] {
  const headers = { "next-action": form.id };
  const sent: Sent[] = [];
  for (const args of ARGS) {
    sent.push({ what: `text/plain ${args}`, page: form.page, init: { headers: { ...headers, "content-type": "text/plain;charset=UTF-8" }, body: args } });
    sent.push({ what: `multipart 0=${args}`, page: form.page, init: { headers, body: multipart([["0", args], ["1_x", "y"]]) } });
  }
  for (const body of ["", "[]", "email=a&password=b", '[{"status":"idle"},"$K1"]']) {
    sent.push({ what: `urlencoded ${body}`, page: form.page, init: { headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body } });
  }
  sent.push({ what: "multipart with no root", page: form.page, init: { headers, body: multipart([["1_email", "a"]]) } });
  sent.push({ what: "multipart, every field a file", page: form.page, init: { headers, body: multipart([["0", '[{"status":"idle"},"$K1"]'], ...form.visible.map((v): [string, Blob] => [`1_${v.name}`, new Blob(["x"])])]) } });
  return sent;
}

/** What the form itself sends without JavaScript, with its bound arguments or its fields wrong. */
function noScript(form: Form): Sent[] {
  const sent: Sent[] = [];
  const bound = form.hidden.find(([name]) => /^\$ACTION_\d+:1$/.test(name))?.[0];
  if (bound) {
    for (const args of BOUND) {
      sent.push({ what: `no-JS, bound ${args}`, page: form.page, init: { body: multipart(form.hidden.map(([n, v]): [string, string] => [n, n === bound ? args : v])) } });
    }
  }
  if (form.hidden.length && form.visible.length) {
    sent.push({ what: "no-JS, the form's own fields missing", page: form.page, init: { body: multipart(form.hidden) } });
    const asFiles = form.visible.map((v): [string, string | Blob] => [v.name, v.file ? "not a file" : new Blob(["x"])]);
    sent.push({ what: "no-JS, each field the wrong kind", page: form.page, init: { body: multipart([...form.hidden, ...asFiles]) } });
  }
  for (const type of ["application/x-www-form-urlencoded", "text/plain"]) {
    const body = new URLSearchParams([[`$ACTION_ID_${form.id}`, ""], ...form.visible.map((v): [string, string] => [v.name, "x"])]).toString();
    sent.push({ what: `no-JS ${type}`, page: form.page, init: { headers: { "content-type": type }, body } });
  }
  return sent;
}

async function post({ page, init }: Sent, cookie: string | null): Promise<{ status: number; type: string; body: string }> {
  const headers = { ...(init.headers as Record<string, string> | undefined), origin: baseURL, "x-forwarded-for": newClient(), ...(cookie ? { cookie } : {}) };
  const response = await fetch(new URL(page, baseURL), { ...init, method: "POST", headers, redirect: "manual", signal: AbortSignal.timeout(20_000) });
  return { status: response.status, type: response.headers.get("content-type") ?? "", body: await response.text() };
}

/** Why an answer is wrong for garbage, or null when it is a 4xx problem+json that says what to do. */
function wrong({ status, type, body }: { status: number; type: string; body: string }): string | null {
  if (status < 400 || status >= 500) return `status ${status}: ${body.slice(0, 120)}`;
  if (type !== "application/problem+json") return `${status} as ${type}`;
  const problem = JSON.parse(body) as { status?: number; detail?: string };
  return problem.status === status && (problem.detail?.length ?? 0) > 20 ? null : `a problem without its status or detail: ${body.slice(0, 120)}`;
}

let cookie = "";
let forms: Form[] = [];

beforeAll(async () => {
  const { email, password } = newEditor();
  const signedIn = await submitForm("/signin?next=/editor", { email, password });
  expect(signedIn.response.status).toBe(303);
  cookie = signedIn.setCookies.map((c) => c.split(";")[0]).join("; ");
  const found = new Map<string, Form>();
  for (const withSession of [false, true]) {
    for (const page of PAGES) {
      const r = await fetch(new URL(page, baseURL), { headers: withSession ? { cookie } : {}, redirect: "manual" });
      for (const form of formsOf(page, await r.text())) if (!found.has(form.id) || form.visible.length > (found.get(form.id)?.visible.length ?? 0)) found.set(form.id, form);
    }
  }
  forms = [...found.values()];
});

describe("server actions refuse arguments they cannot use", () => {
  it("finds every action of the app in the pages: sign-in, sign-out, the lookup and the editor's seven", () => {
    expect(forms.map((f) => f.page).sort()).toEqual(expect.arrayContaining(["/signin", `/incidents/${SLUG}/lookup`, "/editor", `/editor/incidents/${SLUG}`, `/editor/incidents/${SLUG}/events`, `/editor/incidents/${SLUG}/affected`]));
    expect(forms.length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ["without a session", false],
    ["with an editor's session", true],
  ])("%s: every garbage post is a 4xx problem+json, never a 5xx, a 200 or a 303", { timeout: 300_000 }, async (_what, withSession) => {
    const failures: string[] = [];
    for (const form of forms) {
      for (const sent of [...fetchStyle(form), ...noScript(form)]) {
        const why = wrong(await post(sent, withSession ? cookie : null));
        if (why) failures.push(`${form.page} ${form.id.slice(0, 8)} ${sent.what}: ${why}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
