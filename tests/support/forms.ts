import { expect} from "vitest";
import { elementsWith } from "./html";
import { newClient } from "./lookup";
import { fileServer } from "./file-server";

export type Post = { response: Response; html: string; setCookies: string[] };

/** Fetches a page and posts its first form the way a browser without JavaScript would. */
export async function submitForm(
  pagePath: string,
  fields: Record<string, string>,
  { client = newClient(), headers = {}, baseURL = fileServer().baseURL, origin }: { client?: string; headers?: Record<string, string>; baseURL?: string; origin?: string } = {},
): Promise<Post> {
  const page = await fetch(new URL(pagePath, baseURL), { headers: { "x-forwarded-for": client, ...headers }, redirect: "manual" });
  expect(page.status, `GET ${pagePath}`).toBe(200);
  const form = new FormData();
  for (const input of elementsWith(await page.text(), "type", "hidden")) {
    form.set(input.attributes.get("name") ?? "", input.attributes.get("value") ?? "");
  }
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(new URL(pagePath, baseURL), {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": client, origin: origin ?? baseURL, ...headers },
    redirect: "manual",
  });
  return { response, html: await response.text(), setCookies: response.headers.getSetCookie() };
}
