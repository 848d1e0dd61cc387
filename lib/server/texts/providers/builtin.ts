import "server-only";
import { randomBytes } from "node:crypto";
import twilio from "twilio";
import { config } from "../../platform/config";
import type { TextProvider } from "./provider";

// The built-in messaging provider (docs/architecture/text-messages.md): development, the demo and
// the tests. It texts nobody: a text it takes is kept (its TextMessage row, words included) and
// shown at /dev/texts, the phone of whoever holds the number. Its callbacks (a reply such as
// STOP, a delivery status) are signed as Twilio signs its own (HMAC-SHA1 of the URL and the sorted
// form fields, base64), with its own secret (TEXTS_BUILTIN_SECRET, else derived from the session
// secret) in its own header: the same check refuses a forged one.

const BUILTIN_SIGNATURE_HEADER = "X-Nosh-Text-Signature";

function secret(): string {
  const settings = config().texts;
  if (settings.provider !== "builtin") throw new Error("The built-in text provider is not the one configured");
  return settings.secret;
}

/** The signature of a built-in callback to `url` with `params` (what the dev page's phone, and the tests, send). */
export const builtinSignatureForTests = (url: string, params: Record<string, string>) => twilio.getExpectedTwilioSignature(secret(), url, params);

export const builtinProvider: TextProvider = {
  name: "builtin",
  signatureHeader: BUILTIN_SIGNATURE_HEADER,
  send: async () => ({ providerId: `SM${randomBytes(16).toString("hex")}`, status: "sent" }),
  verify: (signature, url, params) => signature !== null && twilio.validateRequest(secret(), signature, url, params),
};
