import "server-only";

// The messaging provider behind one interface (docs/architecture/text-messages.md), as payments and
// the geocoder have theirs: the built-in one (builtin.ts: development, the demo and the tests; its
// texts are kept and shown at /dev/texts) and Twilio's Messaging API (twilio/provider.ts), selected
// by TEXTS (select.ts). A provider sends; its callbacks (a received text, a delivery status) come
// to /api/texts/{provider}/..., each checked by the provider's own signature before anything changes.

/** What a provider answered for a text it took. */
type SentText = {
  /** The provider's id of it (Twilio's MessageSid): the status callbacks name it. */
  providerId: string;
  /** queued, sent (the provider's own word at this point), or failed. */
  status: string;
};

export interface TextProvider {
  readonly name: "builtin" | "twilio";
  /** The header its callbacks carry their signature in. */
  readonly signatureHeader: string;
  /** Sends `body` to `to` (E.164); `statusCallback` is the URL the provider posts the delivery status to. Throws when the provider refused it. */
  send(text: { to: string; body: string; statusCallback: string }): Promise<SentText>;
  /** Whether a callback's signature is the provider's, over `url` (as the provider was given it) and the posted form fields. */
  verify(signature: string | null, url: string, params: Record<string, string>): boolean;
}

/** A provider's refusal that no retry can change (a number that cannot get texts, one that opted out at the carrier): recorded, not retried. */
export class TextRefused extends Error {}
