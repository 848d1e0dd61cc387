import type { CourierSummary } from "@/lib/server/dispatch/state";
import type { Words } from "@/lib/i18n/words";
import type { JobState } from "@/lib/shared/delivery/delivery";
import type { DistanceUnit, UnitWords } from "@/lib/shared/delivery/distance";
import type { FlagWords } from "@/lib/shared/words/stored-texts";

// The courier app's data, as the API sends it (docs/architecture/couriers.md, "API").

/** GET /api/courier */
export type CourierJson = CourierSummary;

type JobBase = {
  id: number;
  orderId: number;
  offerExpiresAt: string | null;
  /** While offered: the milliseconds left when the list was answered (the one clock of the countdown). */
  offerExpiresInMs: number | null;
  /** The app's own, set on receipt: when the offer runs out by this device's clock (received + offerExpiresInMs). */
  offerDeadline?: number;
  pay: number;
  itemsCount: number;
  restaurant: { id: number; name: string; address: string; lat: number; lng: number };
  /** From the courier's position to the next stop. */
  distanceKm: number | null;
  /** The restaurant's market's unit: this job's distances are shown in it. */
  distanceUnit: DistanceUnit;
  /** A step was taken away from its stop: an operator checks the delivery before it is paid. */
  flagged: boolean;
  /** Whether the kitchen marked the order ready (before, "Picked up" asks whether the kitchen handed it over), its ready time, the restaurant's zone. */
  kitchen: { ready: boolean; readyAt: string | null; timeZone: string };
  /** A cash order: what to collect at the door (docs/architecture/ledger.md "Cash at the door"). */
  cash?: CashToCollect;
};

export type CashToCollect = { amount: number; bill: number; change: number; currency: string; collected: boolean };

/** An offer: of the drop-off only its area and the trip's length, until accepted. */
export type OfferJob = JobBase & { state: "offered"; dropoff: { area: string; tripKm: number } };
/** A job the courier holds: the whole drop-off. */
export type HeldJob = JobBase & {
  state: Exclude<JobState, "offered">;
  dropoff: { address: string; lat: number; lng: number; instructions: string | null; customerFirstName: string; leaveAtDoor: boolean; doorPhotoUrl: string | null };
};
/** One of GET /api/courier/jobs's `jobs`: the open offer, or a job the courier holds. */
export type CourierJob = OfferJob | HeldJob;

export type JobAction = "accept" | "decline" | "release" | "arrived" | "picked-up" | "delivered" | "failed" | "cash" | "cash-refused";
/** The steps checked at their stop: they carry the phone's newest fix, and may be marked anyway away from it. */
export const AT_STOP: readonly JobAction[] = ["arrived", "picked-up", "delivered"];

/** The courier app's words (the catalogue's courier namespace, but the other pages'), from the page. */
/** The earnings' words, with another currency's section's (earningsCurrency). */
/** `flags`: the words a flagged delivery's flags are written in (lib/shared/words/stored-texts.ts flagText). */
export type EarningsWords = Words<"courier">["earnings"] & { inCurrency: Words<"courier">["earningsCurrency"]; flags: FlagWords };
export type CourierAppWords = Pick<Words<"courier">, "app" | "offer" | "job" | "forms" | "rating" | "links" | "map"> & { earnings: EarningsWords; units: UnitWords };
