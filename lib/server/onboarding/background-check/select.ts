import "server-only";
import type { BackgroundCheckSettings } from "@/lib/edge/background-check-settings";
import { config } from "../../platform/config";
import { checkrProvider } from "./checkr";
import { noBackgroundCheck, offlineBackgroundCheck } from "./offline";
import type { BackgroundCheckProvider } from "./provider";

// The background check in use: Checkr when BACKGROUND_CHECK=checkr, the offline one by default
// outside production, none in production without a provider (lib/edge/background-check-settings.ts).

export function backgroundCheck(): BackgroundCheckProvider {
  return backgroundCheckFor(config().backgroundCheck);
}

export function backgroundCheckFor(settings: BackgroundCheckSettings): BackgroundCheckProvider {
  if (settings.provider === "checkr") return checkrProvider(settings);
  return settings.provider === "offline" ? offlineBackgroundCheck : noBackgroundCheck;
}
