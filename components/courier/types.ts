import type { JobState, Point } from "@/lib/shared/delivery";

// The courier app's data, as the API sends it (docs/architecture/couriers.md, "API").

/** GET /api/courier */
export type CourierJson = {
  courier: { id: number; firstName: string; onShift: boolean; position: (Point & { at: string }) | null; activeJobs: number; maxJobs: number };
  today: { deliveries: number; earnings: number };
};

/** One of GET /api/courier/jobs's `jobs`: the open offer, or a job the courier holds. */
export type CourierJob = {
  id: number;
  orderId: number;
  state: JobState;
  offerExpiresAt: string | null;
  pay: number;
  itemsCount: number;
  restaurant: { id: number; name: string; address: string; lat: number; lng: number };
  dropoff: { address: string; lat: number; lng: number; instructions: string | null; customerFirstName: string };
  /** From the courier's position to the next stop. */
  distanceKm: number | null;
};

export type JobAction = "accept" | "decline" | "release" | "arrived" | "picked-up" | "delivered" | "failed";
