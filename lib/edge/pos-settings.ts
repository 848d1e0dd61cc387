// The point-of-sale link's settings (docs/architecture/kitchen.md "The point of sale", .env.example).
// Plain module, read by load-config.ts. POS=square selects Square and needs its application's id
// and secret and its webhook signature key; without them the server refuses to start. Unset is
// the built-in POS everywhere but production (a demo catalog, orders kept in memory); there,
// unset is "none" (the settings page says no point of sale can be linked) and POS=builtin refuses
// to start unless the site is a staging one (PAYMENTS=test): production never links a pretend POS.
import { createHmac } from "node:crypto";

export type PosSettings = {
  /** POS_SYNC_SECONDS (default 30): how often the pos.sync job reads what is sold out (the webhooks are at once). */
  syncEveryMs: number;
} & (
  | { provider: "none" }
  | {
      provider: "builtin";
      /** The key the built-in POS signs its webhooks with (derived from SESSION_SECRET). */
      signatureKey: string;
    }
  | {
      provider: "square";
      applicationId: string;
      applicationSecret: string;
      /** SQUARE_WEBHOOK_SIGNATURE_KEY: checks x-square-hmacsha256-signature. */
      signatureKey: string;
      /** https://connect.squareup.com, SQUARE_ENVIRONMENT=sandbox its sandbox, SQUARE_API_BASE (tests only) a local stand-in. */
      apiBase: string;
      /** SQUARE_LOCATION_ID: the location orders go to and sold-out is read at (unset: the seller's first active one). */
      locationId: string | null;
    }
);

export function posSettings(env: Record<string, string | undefined>, deployment: "production" | "development", sessionSecret: string): PosSettings {
  const provider = env.POS?.trim().toLowerCase() || (deployment === "production" ? "none" : "builtin");
  const seconds = Number(env.POS_SYNC_SECONDS?.trim() || "30");
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 3600)
    throw new Error(`POS_SYNC_SECONDS must be a number of seconds from 0.1 to 3600, got "${env.POS_SYNC_SECONDS}"`);
  const syncEveryMs = Math.round(seconds * 1000);
  if (provider === "none") return { provider, syncEveryMs };
  if (provider === "builtin") {
    if (deployment === "production" && env.PAYMENTS?.trim() !== "test")
      throw new Error("POS=builtin links a pretend point of sale: in production only on a staging site (PAYMENTS=test); use POS=square");
    return { provider, syncEveryMs, signatureKey: createHmac("sha256", sessionSecret).update("nosh built-in pos").digest("base64") };
  }
  if (provider !== "square") throw new Error(`POS must be one of builtin, square, none, got "${env.POS}"`);
  const applicationId = env.SQUARE_APPLICATION_ID?.trim() ?? "";
  const applicationSecret = env.SQUARE_APPLICATION_SECRET?.trim() ?? "";
  const signatureKey = env.SQUARE_WEBHOOK_SIGNATURE_KEY?.trim() ?? "";
  if (!applicationId || !applicationSecret) throw new Error("POS=square needs SQUARE_APPLICATION_ID and SQUARE_APPLICATION_SECRET (the application's OAuth page)");
  if (!signatureKey) throw new Error("POS=square needs SQUARE_WEBHOOK_SIGNATURE_KEY (the webhook subscription's signature key)");
  const base = env.SQUARE_API_BASE?.trim() || null;
  if (base && deployment === "production") throw new Error("SQUARE_API_BASE is for tests only (a local stand-in of Square's API): unset it when NOSH_ENV=production");
  if (base && !/^https?:\/\/[^/?#]+\/?$/.test(base)) throw new Error(`SQUARE_API_BASE must be an origin such as http://127.0.0.1:4010, got "${base}"`);
  const sandbox = env.SQUARE_ENVIRONMENT?.trim().toLowerCase() === "sandbox";
  return {
    provider,
    syncEveryMs,
    applicationId,
    applicationSecret,
    signatureKey,
    apiBase: base?.replace(/\/$/, "") ?? (sandbox ? "https://connect.squareupsandbox.com" : "https://connect.squareup.com"),
    locationId: env.SQUARE_LOCATION_ID?.trim() || null,
  };
}
