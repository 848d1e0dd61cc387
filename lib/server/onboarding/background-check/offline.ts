import "server-only";
import type { BackgroundCheckProvider } from "./provider";

/**
 * The built-in check for development and the tests: clear at once, nothing sent anywhere. A last
 * name of "Consider" answers `consider` (the operator's side of a check that found something can
 * be tried). Never selected in production (lib/edge/background-check-settings.ts).
 */
export const offlineBackgroundCheck: BackgroundCheckProvider = {
  name: "offline",
  start: async (candidate) => ({ ref: `offline-${candidate.userId}`, status: candidate.lastName?.trim().toLowerCase() === "consider" ? "consider" : "clear" }),
  status: async (ref) => (ref.startsWith("offline-") ? "clear" : "pending"),
};

/** Production without a provider configured: no check is ordered and none clears. */
export const noBackgroundCheck: BackgroundCheckProvider = {
  name: "none",
  start: async () => ({ ref: null, status: "pending" }),
  status: async () => "pending",
};
