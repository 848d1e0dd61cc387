import { addTextNumberSchema, confirmTextNumberSchema, textSettingsSchema } from "./rules";
import { callbackAnswerSchema, oneTextNumberSchema, textNumbersSchema } from "./schemas";
import { deletedSchema } from "../common/schemas";
import { author, member, op, type Access } from "../define";

// Text messages (docs/architecture/text-messages.md): a person's numbers (added, confirmed by the
// code texted to them, their moments and quiet hours), and the messaging provider's callbacks.

/** The provider's side: no session, no anti-forgery token; a callback's authority is its signature. */
export const providerSide: Access<"signedLink"> = {
  kind: "signedLink",
  who: "Anyone: the messaging provider's side (no session; the authority is the signature)",
  signedIn: false,
};
const PHONE = "+14155550142";
/** The caller's numbers, listed under Notifications: the list and a new one (not a guest's), and one of them (its owner's). */
const onesNumbers = { resource: "Notifications", access: member } as const;
const oneNumber = { resource: "Notifications", access: author } as const;

export const textOperations = [
  op("GET /api/account/texts", {
    ...onesNumbers,
    summary: "The caller's numbers for text messages, each with its moments and quiet hours, and whether this site sends texts at all",
    paging: { unpaged: "a person's few numbers (at most 3)" },
    ok: { description: "The numbers", schema: textNumbersSchema },
    errors: { 403: "A guest account" },
    fixture: { matrix: {} },
  }),
  op("POST /api/account/texts", {
    ...onesNumbers,
    summary:
      "Add a number (`phone`: a US number, or any with its + country code; checked by libphonenumber-js, kept in E.164) and text it a 6-digit code, valid 10 minutes; the same unconfirmed number again sends a new code (5 in all)",
    body: addTextNumberSchema,
    ok: { status: 201, description: "The number, unconfirmed", schema: oneTextNumberSchema },
    errors: {
      403: "A guest account",
      409: "Texts are not available on this site, the number is already confirmed, or it answered STOP (`errors.phone`)",
      429: "Five codes were sent to this number",
    },
    fixture: { matrix: { fresh: true, body: { phone: PHONE } }, fuzz: { valid: { phone: PHONE } } },
  }),
  op("POST /api/account/texts/{id}/confirm", {
    ...oneNumber,
    summary: "Confirm the caller's number with the code texted to it (`code`: 6 digits); five wrong codes void it",
    body: confirmTextNumberSchema,
    ok: { description: "The number, confirmed", schema: oneTextNumberSchema },
    errors: { 400: "A wrong, expired or void code (`errors.code`)", 404: "Not one of the caller's numbers" },
    fixture: { matrix: { path: { id: "$ownersTextNumber" }, body: { code: "000000" }, status: 400 }, fuzz: { valid: { code: "000000" } } },
  }),
  op("PUT /api/account/texts/{id}", {
    ...oneNumber,
    summary:
      "The moments the caller's number is texted for (`moments`: on_the_way, arriving, at_door, problem) and its quiet hours (`quietHours`: { start, end } HH:MM, or null)",
    body: textSettingsSchema,
    ok: { description: "The number", schema: oneTextNumberSchema },
    errors: { 404: "Not one of the caller's numbers" },
    fixture: {
      matrix: { path: { id: "$ownersTextNumber" }, body: { moments: ["at_door"], quietHours: { start: "22:00", end: "08:00" } } },
      fuzz: { valid: { moments: ["at_door"], quietHours: null } },
    },
  }),
  op("DELETE /api/account/texts/{id}", {
    ...oneNumber,
    summary: "Remove one of the caller's numbers: nothing more is texted to it for them",
    ok: { description: "Removed", schema: deletedSchema },
    errors: { 404: "Not one of the caller's numbers" },
    fixture: { matrix: { path: { id: "$ownersTextNumber" } } },
  }),
  op("POST /api/texts/{provider}/inbound", {
    summary:
      "A text someone sent to Nosh's number, as the provider forwards it (form fields From, Body, MessageSid; `twilio`: X-Twilio-Signature, `builtin`: X-Nosh-Text-Signature). STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT opt the number out at once; START, UNSTOP opt it in; HELP answers. The answer is TwiML",
    access: providerSide,
    ok: { description: "The reply as TwiML (<Response><Message>...</Message></Response>, or empty)", contentType: "text/xml" },
    errors: { 403: "A missing or wrong signature (nothing changes)", 404: "Not the provider configured" },
    fixture: { matrix: { path: { provider: "builtin" }, status: 403 } },
  }),
  op("POST /api/texts/{provider}/status", {
    summary: "A sent text's delivery status, as the provider reports it (form fields MessageSid, MessageStatus), signed as the inbound texts are",
    access: providerSide,
    ok: { description: "Received", schema: callbackAnswerSchema },
    errors: { 403: "A missing or wrong signature (nothing changes)", 404: "Not the provider configured" },
    fixture: { matrix: { path: { provider: "builtin" }, status: 403 } },
  }),
];
