import "server-only";
import type { CheckStatus } from "@/lib/shared/delivery/courier-onboarding";

// A background-check provider (docs/architecture/courier-onboarding.md "Background check"): the
// one interface the application and the jobs sweep call, as the geocoder's and the payments'
// providers are (lib/server/geo/providers/, lib/server/payments/providers/). select.ts picks one
// by configuration: the offline one (development, tests), Checkr, or none (production unset).

export type CheckCandidate = { userId: number; firstName: string; lastName: string | null; email: string | null };

/** What a provider answered: its reference for the check (null: none was ordered) and its status. */
export type CheckAnswer = { ref: string | null; status: CheckStatus };

export interface BackgroundCheckProvider {
  /** Stored with the check (CourierProfile.checkProvider). */
  readonly name: "offline" | "checkr" | "none";
  /** Orders a check of the candidate. */
  start(candidate: CheckCandidate): Promise<CheckAnswer>;
  /** The check's status now: pending until the provider has an answer. */
  status(ref: string): Promise<CheckStatus>;
}
