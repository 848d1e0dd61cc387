import "server-only";
import twilio from "twilio";
import type BaseRequestClient from "twilio/lib/base/RequestClient";
import type { TextSettings } from "@/lib/edge/text-settings";
import { TextRefused, type TextProvider } from "../provider";

// Twilio's Messaging API through its own library (docs/architecture/text-messages.md): a text is
// `messages.create` (POST /2010-04-01/Accounts/{sid}/Messages.json) from TWILIO_FROM or the
// Messaging Service, with the status callback URL; the callbacks are checked with the library's
// validateRequest (X-Twilio-Signature: HMAC-SHA1 of the URL and the form fields under the auth
// token). In the tests the library's requests go to a local stand-in of that API
// (testing/stand-in.ts, TWILIO_API_BASE) through its own http client, rewritten to that origin.

type Twilio = Extract<TextSettings, { provider: "twilio" }>;

/** Error codes no retry changes: 21211 invalid "To", 21610 the number answered STOP at Twilio, 21614 not a mobile number, 21408 region not enabled. */
const FINAL_CODES = new Set([21211, 21408, 21610, 21612, 21614]);

/** The library's http client, every request sent to `base` instead of api.twilio.com (tests only: TWILIO_API_BASE). */
class StandInClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 15_000 });
  }
  override request<TData>(options: BaseRequestClient.RequestOptions<TData>) {
    const target = new URL(options.uri!);
    const base = new URL(this.base);
    target.protocol = base.protocol;
    target.host = base.host;
    return super.request<TData>({ ...options, uri: target.href });
  }
}

export function twilioProvider(settings: Twilio): TextProvider {
  const client = twilio(settings.accountSid, settings.authToken, {
    autoRetry: false,
    timeout: 15_000,
    ...(settings.apiBase ? { httpClient: new StandInClient(settings.apiBase) } : {}),
  });
  return {
    name: "twilio",
    signatureHeader: "X-Twilio-Signature",
    async send({ to, body, statusCallback }) {
      try {
        const message = await client.messages.create({ to, body, statusCallback, ...sender(settings) });
        return { providerId: message.sid, status: message.status };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === "number" && FINAL_CODES.has(code)) throw new TextRefused(`Twilio refused it (${code}): ${(error as Error).message}`);
        throw error;
      }
    },
    verify: (signature, url, params) => signature !== null && twilio.validateRequest(settings.authToken, signature, url, params),
  };
}

const sender = (settings: Twilio) => ("number" in settings.from ? { from: settings.from.number } : { messagingServiceSid: settings.from.messagingServiceSid });
