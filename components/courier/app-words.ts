import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { CourierJob, JobAction } from "./types";
import type { LocationStatus } from "./use-position-reports";

// The courier app's words that depend on a job or on the phone's location (courier-app.tsx), from the catalogue's courier.app.

type AppWords = Words<"courier">["app"];

/** What the app says once a step is done. */
export const doneWords = ({ done: d }: AppWords, money: (dollars: number) => string): Partial<Record<JobAction, (job: CourierJob) => string>> => ({
  accept: (job) => fill(d.accept, { restaurant: job.restaurant.name }),
  decline: () => d.decline,
  release: () => d.release,
  arrived: () => d.arrived,
  "picked-up": (job) => fill(d.pickedUp, { name: "customerFirstName" in job.dropoff ? job.dropoff.customerFirstName : d.theCustomer }),
  delivered: (job) => (job.flagged ? d.deliveredFlagged : fill(d.delivered, { pay: money(job.pay) })),
  failed: () => d.failed,
  cash: () => d.cashCollected,
  "cash-refused": () => d.cashRefused,
});

/** The location states the app words (the others say nothing). */
export const LOCATION_SAID: Partial<Record<LocationStatus, keyof AppWords["location"]>> = {
  asking: "asking",
  denied: "denied",
  unavailable: "unavailable",
  stale: "stale",
};
