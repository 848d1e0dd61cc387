import "server-only";
import twilio from "twilio";
import { keywordOf, segmentsOf } from "@/lib/shared/people/texts";
import type { RelaySide } from "@/lib/shared/delivery/relay";
import { config } from "../platform/config";
import { db } from "../platform/db";
import type { TextProvider } from "../texts/providers/provider";
import { receiveText, twiml } from "../texts/inbound";
import { relayText } from "../texts/words";
import { routeOf } from "./relay";

// The relay numbers' webhooks (docs/architecture/text-messages.md "Masked calls"), each already
// checked by the provider's signature (texts/inbound.ts checkedCallback). A call to a relay number
// from one side of a live delivery is answered with a <Dial> to the other side whose callerId is
// the relay, so neither sees the other's number; a text is forwarded from the relay the same way
// (TwiML <Message to from>: the provider sends it). Anyone else, or after the window, hears or
// reads that the number is not in service and nobody is connected. Each is recorded (RelayCall:
// the delivery, the side, when, then its length and cost from the status callback), never a
// number or the words; nothing here is logged.

const { VoiceResponse, MessagingResponse } = twilio.twiml;
const FINAL = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);
const VOICES: Record<string, "en-US" | "es-ES"> = { es: "es-ES" };

const xml = (body: string) => new Response(body, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8" } });

async function languageOf(userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  return (await db.user.findUnique({ where: { id: userId }, select: { language: true } }))?.language ?? null;
}

/** Records a call or text that reached a relay: a retried webhook (the same sid) is recorded once. */
async function record(
  provider: TextProvider,
  kind: "call" | "text",
  sid: string | null,
  data: { jobId: number | null; fromSide: string; status: string; marketId: number },
  now: Date,
) {
  if (sid && (await db.relayCall.findUnique({ where: { provider_providerId: { provider: provider.name, providerId: sid } } }))) return;
  await db.relayCall.create({ data: { ...data, kind, provider: provider.name, providerId: sid, createdAt: now } });
}

type CallAnswer = { response: Response; connected: RelaySide | null; orderId: number | null };

/** POST /api/calls/{provider}/voice: a call to a relay number (From, To, CallSid). */
export async function answerCall(provider: TextProvider, params: Record<string, string>, now = new Date()): Promise<CallAnswer> {
  const { route, leg } = await routeOf(params.From ?? "", params.To ?? "", now);
  const answer = new VoiceResponse();
  const sid = params.CallSid?.slice(0, 64) || null;
  if (route) {
    // The callee sees the relay calling (callerId), and calling it back reaches the caller the same way.
    answer.dial({ callerId: route.relay, timeout: 30, answerOnBridge: true }).number(route.to);
    await record(provider, "call", sid, { jobId: route.jobId, fromSide: route.side, status: "connected", marketId: route.marketId }, now);
  } else {
    const language = await languageOf(leg?.userId ?? null);
    answer.say({ language: VOICES[language ?? ""] ?? "en-US" }, relayText(language, "closed"));
    answer.hangup();
    await record(provider, "call", sid, { jobId: null, fromSide: leg?.side ?? "unknown", status: "refused", marketId: leg?.marketId ?? 1 }, now);
  }
  return { response: xml(answer.toString()), connected: route ? (route.side === "customer" ? "courier" : "customer") : null, orderId: route?.orderId ?? null };
}

/** POST /api/calls/{provider}/text: a text to a relay number (From, To, Body, MessageSid), forwarded from the relay to the other side. */
export async function answerText(provider: TextProvider, params: Record<string, string>, now = new Date()): Promise<CallAnswer> {
  // STOP, START and HELP to a relay are the carrier's keywords: answered as at Nosh's own number, never forwarded.
  if (keywordOf(params.Body ?? "")) return { response: twiml(await receiveText(provider, params, now)), connected: null, orderId: null };
  const { route, leg } = await routeOf(params.From ?? "", params.To ?? "", now);
  const sid = params.MessageSid?.slice(0, 64) || null;
  const answer = new MessagingResponse();
  if (!route) {
    answer.message(relayText(await languageOf(leg?.userId ?? null), "closed"));
    await record(provider, "text", sid, { jobId: null, fromSide: leg?.side ?? "unknown", status: "refused", marketId: leg?.marketId ?? 1 }, now);
    return { response: xml(answer.toString()), connected: null, orderId: null };
  }
  const to = route.side === "customer" ? "courier" : "customer";
  const job = await db.deliveryJob.findUnique({ where: { id: route.jobId }, select: { userId: true, courierId: true } });
  const body = relayText(await languageOf((to === "customer" ? job?.userId : job?.courierId) ?? null), route.side, (params.Body ?? "").slice(0, 1500));
  answer.message({ to: route.to, from: route.relay }, body);
  const segments = segmentsOf(body);
  await record(provider, "text", sid, { jobId: route.jobId, fromSide: route.side, status: "connected", marketId: route.marketId }, now);
  // The forwarded text counts with the texts' (their limits' history, the cost per market); its words are kept for the built-in provider's page only.
  await db.textMessage.create({
    data: {
      direction: "out",
      phone: route.to,
      kind: "relay",
      body: provider.name === "builtin" ? body : null,
      provider: provider.name,
      status: provider.name === "builtin" ? "sent" : "queued",
      segments,
      costMicros: segments * config().texts.segmentCostMicros,
      marketId: route.marketId,
      createdAt: now,
    },
  });
  return { response: xml(answer.toString()), connected: to, orderId: route.orderId };
}

/** POST /api/calls/{provider}/status: a relayed call's end (CallSid, CallStatus, CallDuration): its length and cost; an unknown call changes nothing. */
export async function callStatus(provider: TextProvider, params: Record<string, string>, now = new Date()): Promise<boolean> {
  const status = params.CallStatus ?? "";
  const sid = params.CallSid ?? "";
  if (!FINAL.has(status) || !sid) return false;
  const seconds = Math.max(0, Math.min(86_400, Math.floor(Number(params.CallDuration ?? "0")) || 0));
  const call = await db.relayCall.findUnique({ where: { provider_providerId: { provider: provider.name, providerId: sid.slice(0, 64) } } });
  if (!call || call.kind !== "call" || call.endedAt) return false;
  await db.relayCall.update({
    where: { id: call.id },
    // A refused call stays refused: the status says only how a connected one ended.
    data: {
      status: call.status === "refused" ? "refused" : status,
      durationSeconds: seconds,
      costMicros: Math.ceil(seconds / 60) * config().relay.minuteCostMicros,
      endedAt: now,
    },
  });
  return true;
}
