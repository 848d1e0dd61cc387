import { devRelaySchema } from "./rules";
import { callStatusAnswerSchema, devRelayAnswerSchema } from "./schemas";
import { providerSide } from "../texts/operations";
import { op } from "../define";

// Masked calls between an order's customer and its courier (docs/architecture/text-messages.md
// "Masked calls"): the relay numbers' webhooks, signed as the texts' callbacks are, and the
// built-in provider's phone that calls or texts a relay outside production.

const signed = "(`twilio`: X-Twilio-Signature, `builtin`: X-Nosh-Text-Signature)";
const refused = { 403: "A missing or wrong signature (nothing changes)", 404: "Not the provider configured" };

export const callOperations = [
  op("POST /api/calls/{provider}/voice", {
    summary: `A call to a relay number, as the provider forwards it (form fields From, To, CallSid) ${signed}. From one side of a live delivery: TwiML <Dial callerId=relay> to the other side; anyone else, or after the window: a spoken "not in service" and nobody connected`,
    access: providerSide,
    ok: { description: "TwiML (<Response><Dial>...</Dial></Response>, or <Say> and <Hangup>)", contentType: "text/xml" },
    errors: refused,
    fixture: { matrix: { path: { provider: "builtin" }, status: 403 } },
  }),
  op("POST /api/calls/{provider}/text", {
    summary: `A text to a relay number (form fields From, To, Body, MessageSid) ${signed}: forwarded from the relay to the other side of a live delivery (TwiML <Message to from>); STOP, START and HELP answered as at Nosh's number; anyone else told the number is not in service`,
    access: providerSide,
    ok: { description: "TwiML", contentType: "text/xml" },
    errors: refused,
    fixture: { matrix: { path: { provider: "builtin" }, status: 403 } },
  }),
  op("POST /api/calls/{provider}/status", {
    summary: `A relayed call's status (form fields CallSid, CallStatus, CallDuration) ${signed}: its length and cost are recorded, never its content`,
    access: providerSide,
    ok: { description: "Received", schema: callStatusAnswerSchema },
    errors: refused,
    fixture: { matrix: { path: { provider: "builtin" }, status: 403 } },
  }),
  op("POST /api/calls/dev-phone", {
    summary:
      "The built-in provider's phone: a call or text (`kind`) from `from` to the relay number `relay` (a text's `body`; a connected call's `seconds`), run through the same webhooks; the answer says whom it connected. Outside production only",
    access: providerSide,
    body: devRelaySchema,
    ok: { description: "Whom it connected, and the webhook's TwiML", schema: devRelayAnswerSchema },
    errors: { 400: "A number that is no number (`errors.from`, `errors.relay`)", 404: "The built-in provider is not the one in use" },
    fixture: {
      matrix: { body: { from: "+14155550142", relay: "+14152300101", kind: "call" } },
      fuzz: { valid: { from: "+14155550142", relay: "+14152300101", kind: "text", body: "Hello" } },
    },
  }),
];
