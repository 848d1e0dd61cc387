import { expect, type APIResponse } from "@playwright/test";
import type { Client } from "./api";

// The development mailbox (/dev/mailbox: without SMTP_URL, outside production) as a test reads
// it: the mails the outbox's worker "sent" to the client's person, with their unsubscribe links.

/** The unsubscribe link of `client`'s newest mail whose text contains `text`, once the worker has sent it (NOTIFY_TICK_MS). */
export async function unsubscribeLinkOf(client: Client, text = "Welcome to Nosh"): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await client.get("/dev/mailbox")).text();
        const mail = html.split("<li").find((item) => item.includes(text));
        link = mail ? /(https?:\/\/[^\s<"]+\/api\/notifications\/unsubscribe\?token=[\w.-]+)/.exec(mail)?.[1] : undefined;
        return link;
      },
      { message: `a mail containing "${text}" in the development mailbox`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The path and query of a link (the test's server may not be the link's origin). */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** The password reset link in the newest mail to `email`, read signed out (/dev/mailbox?to=), once the worker has sent it. */
export async function resetLinkOf(client: Client, email: string, notIn: readonly string[] = []): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await client.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
        link = [...html.matchAll(/(https?:\/\/[^\s<"]+\/reset-password\?token=[\w-]+)/g)].map((m) => m[1]!).find((found) => !notIn.includes(found));
        return link;
      },
      { message: `a password reset mail to ${email} in the development mailbox`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The email verification link in `client`'s newest mail to `to` (the signed-in mailbox: a new address has no account yet), once the worker has sent it. */
export async function verifyLinkOf(client: { get: (url: string) => Promise<APIResponse> }, to: string, notIn: readonly string[] = []): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await client.get("/dev/mailbox")).text();
        const mails = html.split("<li").filter((item) => item.includes(to));
        link = mails
          .flatMap((mail) => [...mail.matchAll(/(https?:\/\/[^\s<"]+\/verify-email\?token=[\w-]+)/g)].map((m) => m[1]!))
          .find((found) => !notIn.includes(found));
        return link;
      },
      { message: `an email verification mail to ${to} in the development mailbox`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Verifies `client`'s account's email (`email`) through its mailed link: what payouts and the courier application wait for. */
export async function verifyEmailOf(client: Client, email: string): Promise<void> {
  const token = new URL(await verifyLinkOf(client, email)).searchParams.get("token");
  expect((await client.post("/api/auth/verify-email", { token })).status()).toBe(200);
}

/** The team invitation link in the newest mail to the invitee `to`, read in their mailbox by address (`client` may be anyone: /dev/mailbox?to=), once the worker has sent it (docs/architecture/team.md). */
export async function invitationLinkOf(client: { get: (url: string) => Promise<APIResponse> }, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await client.get(`/dev/mailbox?to=${encodeURIComponent(to)}`)).text();
        const mail = html.split("<li").find((item) => item.includes(to) && item.includes("/team/accept?token="));
        link = mail ? /(https?:\/\/[^\s<"]+\/team\/accept\?token=[\w-]+)/.exec(mail)?.[1] : undefined;
        return link;
      },
      { message: `a team invitation mail to ${to} in the development mailbox`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}
