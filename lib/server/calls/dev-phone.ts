import "server-only";
import { randomBytes } from "node:crypto";
import type { DevRelayInput } from "@/lib/contract/calls/rules";
import { said } from "@/lib/shared/words/said";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { builtinSignatureForTests } from "../texts/providers/builtin";
import { checkedCallback } from "../texts/inbound";
import { devPhoneOpen } from "../texts/dev-phone";
import { answerCall, answerText, callStatus } from "./webhooks";

// The built-in provider's phone for the relay numbers (docs/architecture/text-messages.md "Masked
// calls"), /dev/calls: a call or text from any number to a relay, signed and checked as the
// provider's webhook is and answered by the same code; a connected call then ends after `seconds`
// through the status callback. A 404 wherever /dev/texts is (the built-in provider not in use).

export async function devRelayCall(input: DevRelayInput, now = new Date()) {
  if (!devPhoneOpen()) throw notFound(said("messages.pageNotFound"));
  const call = input.kind === "call";
  const sid = `${call ? "CA" : "SM"}${randomBytes(16).toString("hex")}`;
  const params: Record<string, string> = call
    ? { From: input.from, To: input.relay, CallSid: sid, CallStatus: "ringing", Direction: "inbound" }
    : { From: input.from, To: input.relay, Body: input.body ?? "", MessageSid: sid, NumMedia: "0" };
  const path = `/api/calls/builtin/${call ? "voice" : "text"}`;
  const signature = builtinSignatureForTests(`${config().linkOrigin}${path}`, params);
  const provider = checkedCallback("builtin", path, params, new Headers({ "X-Nosh-Text-Signature": signature }));
  const answer = call ? await answerCall(provider, params, now) : await answerText(provider, params, now);
  if (call) {
    // A refused call lasts as long as its "not in service" takes to say.
    const seconds = answer.connected ? (input.seconds ?? 60) : 4;
    await callStatus(provider, { CallSid: sid, CallStatus: "completed", CallDuration: String(seconds) }, new Date(now.getTime() + seconds * 1000));
  }
  return { connected: answer.connected, orderId: answer.orderId, twiml: await answer.response.text() };
}

type DevCall = { id: number; kind: string; fromSide: string; orderId: number | null; status: string; seconds: number | null; at: Date };

/** The relay's recent calls and texts through the built-in provider, newest first (the dev page's list). */
export async function devRelayCalls(): Promise<DevCall[]> {
  const rows = await db.relayCall.findMany({ where: { provider: "builtin" }, orderBy: { id: "desc" }, take: 30 });
  const jobs = new Map(
    (await db.deliveryJob.findMany({ where: { id: { in: rows.flatMap((r) => (r.jobId ? [r.jobId] : [])) } }, select: { id: true, orderId: true } })).map((j) => [
      j.id,
      j.orderId,
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    fromSide: r.fromSide,
    orderId: r.jobId ? (jobs.get(r.jobId) ?? null) : null,
    status: r.status,
    seconds: r.durationSeconds,
    at: r.createdAt,
  }));
}
