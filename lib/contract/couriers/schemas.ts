import { z } from "zod";
import { RELAY_REASONS } from "@/lib/shared/delivery/relay";
import { courierOwnRatingSchema } from "./rating-schemas";
import { COURIER_DISTANCE_BANDS, JOB_STATES } from "@/lib/shared/delivery/delivery";
import { id, instant, money } from "../common/schemas";
import { incomingOrderSchema } from "../orders/schemas";
import { cashToCollectSchema } from "../cash/schemas";

/** A courier's job (docs/architecture/couriers.md "API"). */
export const jobSchema = z.object({
  id,
  orderId: id,
  state: z.enum(JOB_STATES),
  offerExpiresAt: instant.nullable().meta({ description: "While offered: when the offer runs out" }),
  offerExpiresInMs: z.number().int().min(0).nullable().meta({
    description: "While offered: the milliseconds left when this answer was made (a client counts down from it by its own clock's elapsed time, whatever its clock says)",
  }),
  pay: money,
  itemsCount: z.number().int(),
  restaurant: z.object({ id: id.nullable(), name: z.string(), address: z.string(), lat: z.number(), lng: z.number() }),
  dropoff: z
    .union([
      z.object({
        address: z.string(),
        lat: z.number(),
        lng: z.number(),
        instructions: z.string().nullable(),
        customerFirstName: z.string(),
        leaveAtDoor: z.boolean(),
        doorPhotoUrl: z.string().nullable().meta({
          description: "The building's photo from an earlier delivery to this address (GET /api/courier/jobs/{id}/door-photo, this job's courier only); null without one",
        }),
      }),
      z.object({
        area: z.string().meta({ description: "The place and ZIP, e.g. Fairbanks, AK 99701" }),
        tripKm: z.number().meta({ description: "Restaurant to drop-off, to the half km" }),
      }),
    ])
    .meta({
      description: "Once accepted (assigned on): the whole drop-off. While offered: its area and the trip's length only (no address, point, name or instructions)",
    }),
  distanceKm: z.number().nullable().meta({ description: "From the courier's position to the next stop; null without a position" }),
  distanceUnit: z.enum(["km", "mi"]).meta({ description: "The restaurant's market's unit, the one the app shows this job's distances in" }),
  flagged: z.boolean().meta({ description: "A step was taken away from its stop: an operator checks the delivery before its pay is released" }),
  kitchen: z
    .object({
      ready: z.boolean().meta({ description: "The kitchen marked the order ready; before, picked-up needs `handedOver: true`" }),
      readyAt: instant.nullable().meta({ description: "The kitchen's ready time (its estimate while cooking)" }),
      timeZone: z.string().meta({ description: "The restaurant's IANA time zone, the one its times are shown in" }),
    })
    .meta({ description: "Whether the food is ready, and when the kitchen expects it" }),
  cash: cashToCollectSchema.optional(),
});
export const jobAnswerSchema = z.object({ job: jobSchema });
export const jobsSchema = z.object({ jobs: z.array(jobSchema).meta({ description: "The courier's open offer and the jobs they hold" }) });
export const courierSummarySchema = z.object({
  courier: z.object({
    id,
    firstName: z.string(),
    onShift: z.boolean(),
    position: z.object({ lat: z.number(), lng: z.number(), at: instant }).nullable(),
    activeJobs: z.number().int(),
    maxJobs: z.number().int(),
    offersPaused: z
      .boolean()
      .meta({ description: 'They let 3 offers run out in a row: none reach them until they tap "I\'m here" (PUT /api/courier/shift { onShift: true })' }),
    documentsBlocked: z.string().nullable().meta({
      description: "Why their documents or background check keep offers from them (an insurance expired, say), or null (docs/architecture/courier-onboarding.md)",
    }),
  }),
  today: z.object({ deliveries: z.number().int(), earnings: money }),
  rating: courierOwnRatingSchema,
});
export const shiftSchema = z.object({ onShift: z.boolean() });
/** A message between an order's customer and its courier (docs/architecture/stops-and-messages.md "Messages"): who sent it by role, never a phone or an email. */
export const deliveryMessageSchema = z.object({
  id,
  sender: z.enum(["customer", "courier"]),
  mine: z.boolean().meta({ description: "The caller sent it" }),
  body: z.string(),
  at: instant,
});
export const deliveryMessageAnswerSchema = z.object({ message: deliveryMessageSchema });
export const messageThreadSchema = z.object({
  messages: z.array(deliveryMessageSchema).meta({ description: "Oldest first" }),
  open: z.boolean().meta({ description: "A message may be sent now (the job is held and not over; never for an operator)" }),
  closedReason: z.string().nullable().meta({ description: "Why not, when no courier holds the job yet or the delivery ended" }),
  relay: z
    .object({
      number: z.string().nullable().meta({ description: "The relay number (E.164) to call or text to reach the other side, never their own number; null: none" }),
      reason: z
        .enum(RELAY_REASONS)
        .nullable()
        .meta({ description: "Why none: off (no relay on this site), over, mine (no number of the reader's), theirs (none of the other side's), busy" }),
    })
    .nullable()
    .meta({ description: "Masked calls (docs/architecture/text-messages.md): null for an operator" }),
});
export const positionAnswerSchema = z.object({ accepted: z.number().int(), dropped: z.number().int() });
export const nearbyCouriersSchema = z.object({
  couriers: z.array(
    z.object({
      id,
      firstName: z.string(),
      distance: z.enum(COURIER_DISTANCE_BANDS).meta({ description: "A band measured from the courier's ~1 km grid cell, never a figure" }),
      activeJobs: z.number().int(),
      state: z.enum(["free", "offered", "busy", "paused"]).meta({ description: "free, an offer open, holding jobs, or paused after letting offers run out" }),
    }),
  ),
});
export const assignAnswerSchema = z.object({ order: incomingOrderSchema });
