import "server-only";
import { z } from "zod";
import { emailSchema } from "@/db/users";
import { hmac } from "@/lib/hmac";

// How a reader's address is checked, compared and kept: an email trimmed and lower-cased, a
// webhook's URL as URL writes it; both matched only by their keyed hash.

/** Trimmed and lower-cased, as the editors' sign-in takes them. */
export const emailAddress = emailSchema;

/** What a webhook's address is refused for, in English; a sign-up in another language says it by its key (notify/subscribe.ts). */
export const WEBHOOK_REFUSALS = {
  long: "an address of at most 2,000 characters",
  https: "write an https:// address",
  http: "write an http(s) address",
  parts: "leave out a user name, a password and a #fragment",
} as const;

/** A webhook's endpoint: https (or http, only where private addresses are allowed, as in tests), no credentials, no fragment. */
export const webhookUrl = (allowPrivate: boolean) =>
  z
    .string()
    .trim()
    .max(2000, WEBHOOK_REFUSALS.long)
    .pipe(z.url({ protocol: allowPrivate ? /^https?$/ : /^https$/, message: allowPrivate ? WEBHOOK_REFUSALS.http : WEBHOOK_REFUSALS.https }))
    .refine((u) => {
      const url = new URL(u);
      return url.username === "" && url.password === "" && url.hash === "";
    }, WEBHOOK_REFUSALS.parts)
    .transform((u) => new URL(u).href);

export const addressHash = (secret: string, channel: "email" | "webhook", address: string) => hmac(secret, "subscriber-address", channel, address).toString("hex");

/** The part of an address the outbox paces by: an email's domain, a URL's host. */
export const domainOf = (channel: "email" | "webhook", address: string) => (channel === "email" ? address.slice(address.lastIndexOf("@") + 1) : new URL(address).hostname);
