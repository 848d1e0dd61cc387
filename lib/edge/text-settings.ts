// The text messages' settings (docs/deploying.md "Text messages", .env.example). Plain module,
// read by load-config.ts. TEXTS=twilio selects Twilio's Messaging API and needs its account SID,
// auth token and a sender (a number or a Messaging Service); without them the server refuses to
// start. Unset is the built-in provider everywhere but production (its texts kept at /dev/texts);
// there, unset is "none" (no text is written, the account page says texts are unavailable) and
// TEXTS=builtin refuses to start unless the site is a staging one (PAYMENTS=test), like payments'
// test mode: a production site never pretends to text anyone.
import { createHmac } from "node:crypto";

type TextLimits = {
  /** TEXTS_PER_NUMBER_PER_HOUR (default 10): texts to one number in any hour; past it the rest are skipped. */
  perNumberPerHour: number;
  /** TEXTS_PER_ACCOUNT_PER_DAY (default 40): texts to one account's numbers in any 24 hours. */
  perAccountPerDay: number;
  /** TEXT_SEGMENT_COST (default 0.0083, in the market's currency): what one 160-character segment costs, counted per market in the operator's report. */
  segmentCostMicros: number;
};

export type TextSettings = TextLimits &
  (
    | { provider: "none" }
    | {
        provider: "builtin";
        /** The secret the built-in provider signs its callbacks with (TEXTS_BUILTIN_SECRET, else derived from SESSION_SECRET). */
        secret: string;
      }
    | {
        provider: "twilio";
        accountSid: string;
        authToken: string;
        /** TWILIO_FROM (E.164) or TWILIO_MESSAGING_SERVICE_SID (MG...): who the texts come from. */
        from: { number: string } | { messagingServiceSid: string };
        /** TWILIO_API_BASE, tests only: where the twilio library's requests go instead of https://api.twilio.com (refused in production). */
        apiBase: string | null;
      }
  );

const TEXT_PROVIDERS = ["builtin", "twilio"] as const;

function count(name: string, raw: string | undefined, fallback: number): number {
  const value = raw?.trim() ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

function limits(env: Record<string, string | undefined>): TextLimits {
  const cost = env.TEXT_SEGMENT_COST?.trim() || "0.0083";
  const micros = Math.round(Number(cost) * 1_000_000);
  if (!/^\d+(\.\d+)?$/.test(cost) || !Number.isFinite(micros)) throw new Error(`TEXT_SEGMENT_COST must be an amount such as 0.0083, got "${cost}"`);
  return {
    perNumberPerHour: count("TEXTS_PER_NUMBER_PER_HOUR", env.TEXTS_PER_NUMBER_PER_HOUR, 10),
    perAccountPerDay: count("TEXTS_PER_ACCOUNT_PER_DAY", env.TEXTS_PER_ACCOUNT_PER_DAY, 40),
    segmentCostMicros: micros,
  };
}

export function textSettings(env: Record<string, string | undefined>, deployment: "production" | "development", sessionSecret: string): TextSettings {
  const provider = env.TEXTS?.trim().toLowerCase() || (deployment === "production" ? "none" : "builtin");
  const shared = limits(env);
  if (provider === "none") return { provider, ...shared };
  if (provider === "builtin") {
    if (deployment === "production" && env.PAYMENTS?.trim() !== "test")
      throw new Error("TEXTS=builtin texts nobody (its texts are only shown at /dev/texts): in production only on a staging site (PAYMENTS=test); use TEXTS=twilio");
    const given = env.TEXTS_BUILTIN_SECRET?.trim();
    if (given && given.length < 16) throw new Error("TEXTS_BUILTIN_SECRET must be at least 16 characters");
    return { provider, secret: given || createHmac("sha256", sessionSecret).update("nosh built-in texts").digest("hex"), ...shared };
  }
  if (provider !== "twilio") throw new Error(`TEXTS must be one of ${TEXT_PROVIDERS.join(", ")}, got "${env.TEXTS}"`);
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim() ?? "";
  const authToken = env.TWILIO_AUTH_TOKEN?.trim() ?? "";
  if (!/^AC[0-9a-fA-F]{32}$/.test(accountSid)) throw new Error("TEXTS=twilio needs TWILIO_ACCOUNT_SID, the account's SID (AC followed by 32 hex digits)");
  if (!authToken) throw new Error("TEXTS=twilio needs TWILIO_AUTH_TOKEN, the account's auth token (it also checks X-Twilio-Signature)");
  const number = env.TWILIO_FROM?.trim();
  const service = env.TWILIO_MESSAGING_SERVICE_SID?.trim();
  if (number && !/^\+[1-9]\d{6,14}$/.test(number)) throw new Error(`TWILIO_FROM must be a number in E.164 form such as +14155550123, got "${number}"`);
  if (service && !/^MG[0-9a-fA-F]{32}$/.test(service)) throw new Error("TWILIO_MESSAGING_SERVICE_SID must be a Messaging Service SID (MG followed by 32 hex digits)");
  if (!number && !service) throw new Error("TEXTS=twilio needs TWILIO_FROM (the sending number) or TWILIO_MESSAGING_SERVICE_SID");
  const base = env.TWILIO_API_BASE?.trim() || null;
  if (base && deployment === "production") throw new Error("TWILIO_API_BASE is for tests only (a local stand-in of Twilio's API): unset it when NOSH_ENV=production");
  if (base && !/^https?:\/\/[^/?#]+\/?$/.test(base)) throw new Error(`TWILIO_API_BASE must be an origin such as http://127.0.0.1:4010, got "${base}"`);
  return {
    provider,
    accountSid,
    authToken,
    from: service ? { messagingServiceSid: service } : { number: number! },
    apiBase: base?.replace(/\/$/, "") ?? null,
    ...shared,
  };
}
