// The background check's settings (docs/architecture/courier-onboarding.md "Background check",
// .env.example). Plain module, read by load-config.ts. BACKGROUND_CHECK=checkr selects Checkr and
// needs CHECKR_API_KEY (the server refuses to start without it). Unset is the built-in offline
// check (every check clear at once) everywhere but production: there, unset is "none" (no check
// is run and none clears: no courier with an application is offered jobs, and the operators'
// console says so), and BACKGROUND_CHECK=offline refuses to start. A production site never
// clears couriers through the offline check without saying so.

export type BackgroundCheckSettings =
  | { provider: "offline" }
  | { provider: "none" }
  | {
      provider: "checkr";
      /** CHECKR_URL, default https://api.checkr.com (a local stand-in in the tests). */
      url: string;
      /** CHECKR_API_KEY: the account's secret key, sent as the Basic user. */
      apiKey: string;
      /** CHECKR_PACKAGE, default "driver_pro": the screening ordered for each courier. */
      packageSlug: string;
    };

export const BACKGROUND_CHECKS = ["offline", "checkr"] as const;

export function backgroundCheckSettings(env: Record<string, string | undefined>, deployment: "production" | "development"): BackgroundCheckSettings {
  const provider = env.BACKGROUND_CHECK?.trim().toLowerCase() || (deployment === "production" ? "none" : "offline");
  if (provider === "none") return { provider };
  if (provider === "offline") {
    if (deployment === "production")
      throw new Error("BACKGROUND_CHECK=offline clears every courier at once: it is for development and tests, not NOSH_ENV=production (use checkr)");
    return { provider };
  }
  if (provider !== "checkr") throw new Error(`BACKGROUND_CHECK must be one of ${BACKGROUND_CHECKS.join(", ")}, got "${env.BACKGROUND_CHECK}"`);
  const apiKey = env.CHECKR_API_KEY?.trim();
  if (!apiKey) throw new Error("BACKGROUND_CHECK=checkr needs CHECKR_API_KEY, the Checkr account's secret key");
  const url = (env.CHECKR_URL?.trim() || "https://api.checkr.com").replace(/\/+$/, "");
  if (!/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(url)) throw new Error(`CHECKR_URL must be an http(s) URL, got "${env.CHECKR_URL}"`);
  return { provider, url, apiKey, packageSlug: env.CHECKR_PACKAGE?.trim() || "driver_pro" };
}
