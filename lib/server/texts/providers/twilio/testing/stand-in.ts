import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import twilio from "twilio";

// Tests only (Vitest, and Playwright specs, which load it outside Next: hence no server-only
// import): a local stand-in of Twilio's Messaging API (twilio.com/docs/messaging/api/message-resource),
// since Twilio is not reachable from here. POST /2010-04-01/Accounts/{AccountSid}/Messages.json
// takes the form the twilio library sends (To, From or MessagingServiceSid, Body, StatusCallback)
// under HTTP Basic auth (the account SID and auth token: else 401, code 20003), refuses a "To" that
// is not E.164 (400, code 21211) and answers the message resource (201, status "queued"). Then, as
// Twilio does, it POSTs the status callbacks ("sent", then "delivered") to the StatusCallback URL,
// form-encoded and signed with X-Twilio-Signature under the auth token. `reply()` is the phone's
// side: a text from a number to the app's incoming-message webhook, signed the same way; `call()`
// a call to a number whose voice webhook is the app's, signed the same way.

export type StandInMessage = { sid: string; to: string; from: string | null; messagingServiceSid: string | null; body: string; statusCallback: string | null };

export class TwilioStandIn {
  readonly messages: StandInMessage[] = [];
  readonly callbacks: { url: string; status: number }[] = [];
  private server: Server | null = null;
  /** Numbers Twilio answers 21610 for (they answered STOP at the carrier). */
  readonly unsubscribed = new Set<string>();

  constructor(
    readonly accountSid: string,
    readonly authToken: string,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const answer = (status: number, body: unknown) => {
          response.writeHead(status, { "Content-Type": "application/json" });
          response.end(JSON.stringify(body));
        };
        const path = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
        if (request.method !== "POST" || request.url !== path) return answer(404, { code: 20404, message: "The requested resource was not found", status: 404 });
        const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString("base64")}`;
        if (request.headers.authorization !== expected) return answer(401, { code: 20003, message: "Authenticate", status: 401 });
        if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
          return answer(400, { code: 20001, message: "Form body expected", status: 400 });
        const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        const to = form.get("To") ?? "";
        if (!/^\+[1-9]\d{6,14}$/.test(to)) return answer(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
        if (this.unsubscribed.has(to)) return answer(400, { code: 21610, message: "Attempt to send to unsubscribed recipient", status: 400 });
        if (!form.get("From") && !form.get("MessagingServiceSid")) return answer(400, { code: 21603, message: "A 'From' phone number is required.", status: 400 });
        const message: StandInMessage = {
          sid: `SM${randomBytes(16).toString("hex")}`,
          to,
          from: form.get("From"),
          messagingServiceSid: form.get("MessagingServiceSid"),
          body: form.get("Body") ?? "",
          statusCallback: form.get("StatusCallback"),
        };
        this.messages.push(message);
        answer(201, {
          account_sid: this.accountSid,
          api_version: "2010-04-01",
          body: message.body,
          date_created: new Date().toUTCString(),
          direction: "outbound-api",
          from: message.from,
          messaging_service_sid: message.messagingServiceSid,
          num_segments: "1",
          price: null,
          price_unit: "USD",
          sid: message.sid,
          status: "queued",
          to,
          uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${message.sid}.json`,
        });
        void this.statuses(message);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async statuses(message: StandInMessage) {
    if (!message.statusCallback) return;
    for (const status of ["sent", "delivered"]) {
      const params = {
        AccountSid: this.accountSid,
        MessageSid: message.sid,
        SmsSid: message.sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        From: message.from ?? "",
        ApiVersion: "2010-04-01",
      };
      const answer = await this.post(message.statusCallback, params).catch(() => 0);
      this.callbacks.push({ url: message.statusCallback, status: answer });
    }
  }

  /** POSTs `params` form-encoded to `url`, signed as Twilio signs (X-Twilio-Signature); the app's answer status. */
  async post(url: string, params: Record<string, string>, signature = twilio.getExpectedTwilioSignature(this.authToken, url, params)): Promise<number> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
      body: new URLSearchParams(params).toString(),
    });
    return response.status;
  }

  /** A text from `from` to the app's incoming-message webhook `url` (as Twilio forwards one); the app's answer: its status and body (TwiML). */
  async reply(url: string, from: string, body: string): Promise<{ status: number; text: string }> {
    const params = { AccountSid: this.accountSid, MessageSid: `SM${randomBytes(16).toString("hex")}`, From: from, To: "+15005550006", Body: body, NumMedia: "0" };
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": twilio.getExpectedTwilioSignature(this.authToken, url, params) },
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, text: await response.text() };
  }

  /** A call from `from` to the app's number `to`, as Twilio forwards it to the voice webhook `url` (signed); the app's answer (TwiML) and its CallSid. */
  async call(url: string, from: string, to: string): Promise<{ status: number; text: string; sid: string }> {
    const sid = `CA${randomBytes(16).toString("hex")}`;
    const params = { AccountSid: this.accountSid, CallSid: sid, From: from, To: to, CallStatus: "ringing", Direction: "inbound", ApiVersion: "2010-04-01" };
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": twilio.getExpectedTwilioSignature(this.authToken, url, params) },
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, text: await response.text(), sid };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
