"use client";
import { useSyncExternalStore } from "react";

// Back from the payment provider's hosted onboarding (payout-onboarding.tsx): kept apart from the
// payout panel so the courier app's first load carries only this.

let arrived: "return" | "refresh" | null | undefined;

/**
 * Back from the provider (?onboarding=return or refresh; a full page load): read once per page,
 * and the query taken off the address so a reload does not say it again.
 */
export function onboardingReturn(): "return" | "refresh" | null {
  if (arrived !== undefined) return arrived;
  const params = new URLSearchParams(window.location.search);
  const value = params.get("onboarding");
  arrived = value === "return" || value === "refresh" ? value : null;
  if (arrived) {
    params.delete("onboarding");
    const query = params.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`);
  }
  return arrived;
}

const nothingToWatch = () => () => {};

/** Whether this page was opened back from the provider's onboarding (false on the server): the courier app opens its payout details then. */
export const useBackFromOnboarding = () =>
  useSyncExternalStore(
    nothingToWatch,
    () => onboardingReturn() !== null,
    () => false,
  );
