import "server-only";
import { keywordOf } from "@/lib/shared/people/texts";
import { said } from "@/lib/shared/words/said";
import { e164Of } from "@/lib/contract/texts/rules";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { forbidden, notFound } from "../platform/errors";
import type { TextProvider } from "./providers/provider";
import { textProviderNamed } from "./providers/select";
import { helpText, startedText, stoppedText } from "./words";

// What a provider tells Nosh (docs/architecture/text-messages.md "Replies and callbacks"): a text a
// person sent to the sender's number, and a sent text's delivery status. Each is believed only
// when its signature is the provider's (X-Twilio-Signature under the auth token; the built-in
// provider's header under its own secret), over the URL the provider was given: a forged or
// unsigned one is a 403 that changes nothing. STOP and its carrier synonyms opt the number out at
// once (the sender reads TextOptOut at each send), START and UNSTOP opt it in again, HELP answers
// the help text; the answer is the reply, sent back as the provider's response (TwiML).

/** The provider the path names, when it is the one configured, and the callback checked against it. */
export function checkedCallback(name: string, pathAndQuery: string, params: Record<string, string>, headers: Headers): TextProvider {
  const provider = textProviderNamed(name);
  if (!provider) throw notFound(said("messages.pageNotFound"));
  if (!provider.verify(headers.get(provider.signatureHeader), `${config().linkOrigin}${pathAndQuery}`, params)) throw forbidden(said("rules.texts.signature"));
  return provider;
}

/** A received text: recorded, its keyword acted on; the reply's words, or null for none. */
export async function receiveText(provider: TextProvider, params: Record<string, string>, now = new Date()): Promise<string | null> {
  const phone = e164Of(params.From ?? "") ?? (params.From ?? "").slice(0, 40);
  const keyword = keywordOf(params.Body ?? "");
  const owner = await db.textNumber.findFirst({ where: { phone }, orderBy: { id: "desc" }, select: { userId: true, user: { select: { language: true } } } });
  const language = owner?.user.language ?? null;
  const record = (direction: "in" | "out", kind: string, body: string | null, providerId: string | null) =>
    db.textMessage.create({
      data: {
        direction,
        phone,
        userId: owner?.userId ?? null,
        kind,
        body: provider.name === "builtin" ? body : null,
        provider: provider.name,
        providerId,
        status: direction === "in" ? "received" : "sent",
        createdAt: now,
      },
    });
  const sid = params.MessageSid?.slice(0, 64) || null;
  // A retried webhook (same MessageSid) is acted on once.
  if (sid && (await db.textMessage.findUnique({ where: { provider_providerId: { provider: provider.name, providerId: sid } } }))) return null;
  await record("in", keyword ?? "inbound", (params.Body ?? "").slice(0, 1600), sid);
  let reply: string | null = null;
  if (keyword === "stop") {
    const word = (params.Body ?? "").trim().toUpperCase();
    await db.textOptOut.upsert({ where: { phone }, create: { phone, keyword: word, at: now }, update: { keyword: word, at: now } });
    reply = stoppedText(language);
  } else if (keyword === "start") {
    await db.textOptOut.deleteMany({ where: { phone } });
    reply = startedText(language);
  } else if (keyword === "help") reply = helpText(language, `${config().linkOrigin}/help`);
  if (reply) await record("out", keyword!, reply, null);
  return reply;
}

const STATUSES = new Set(["accepted", "queued", "sending", "sent", "delivered", "undelivered", "failed", "read", "canceled"]);

/** A delivery status callback: the text it names takes its status; an unknown text or status changes nothing. */
export async function textStatus(provider: TextProvider, params: Record<string, string>, now = new Date()): Promise<boolean> {
  const status = params.MessageStatus ?? params.SmsStatus ?? "";
  const sid = params.MessageSid ?? params.SmsSid ?? "";
  if (!STATUSES.has(status) || !sid) return false;
  const { count } = await db.textMessage.updateMany({ where: { provider: provider.name, providerId: sid, direction: "out" }, data: { status, statusAt: now } });
  return count > 0;
}

/** TwiML: the reply as a message, or an empty response (nothing to say). */
export function twiml(reply: string | null): Response {
  const escaped = reply?.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = `<?xml version="1.0" encoding="UTF-8"?><Response>${escaped ? `<Message>${escaped}</Message>` : ""}</Response>`;
  return new Response(body, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8" } });
}
