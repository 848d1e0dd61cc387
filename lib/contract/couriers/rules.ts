import { z } from "zod";
import { FAILURE_REASONS, MAX_POINT_AGE_MS, MAX_POINTS_PER_REPORT, MAX_POSITION_ACCURACY_M } from "@/lib/shared/delivery/delivery";
import type { FailureReasonCode } from "@/lib/shared/delivery/delivery";
import { freeText } from "../common/field-rules";
import { idText } from "../common/id-rules";
import { said } from "@/lib/shared/words/said";

// The courier app's and the owner's dispatch calls (docs/architecture/couriers.md "API").

export const COURIER_SAID = {
  onShift: said("rules.common.trueOrFalse", { field: "onShift" }),
  lat: said("rules.courier.lat"),
  lng: said("rules.courier.lng"),
  accuracy: said("rules.courier.accuracy", { max: MAX_POSITION_ACCURACY_M }),
  at: said("rules.common.isoDateTime", { field: "at" }),
  ageMs: said("rules.courier.ageMs", { max: MAX_POINT_AGE_MS, max2: MAX_POINT_AGE_MS }),
  points: said("rules.courier.points", { max: MAX_POINTS_PER_REPORT }),
  reason: said("rules.common.oneOfColon", { field: "reason", list: FAILURE_REASONS.map((r) => r.value).join(", ") }),
  note: said("rules.courier.note"),
  noteLength: said("rules.common.atMost", { field: "note", count: "200" }),
  confirm: said("rules.common.trueOrFalse", { field: "confirm" }),
  handedOver: said("rules.common.trueOrFalse", { field: "handedOver" }),
  bags: said("rules.common.wholeFrom", { field: "bags", min: "0", max: "20" }),
  courierId: said("rules.courier.courierId"),
} as const;

const M = COURIER_SAID;

export const shiftInputSchema = z.object({ onShift: z.boolean({ error: M.onShift }) });

const pointSchema = z.object({
  lat: z.number({ error: M.lat }).min(-90, M.lat).max(90, M.lat),
  lng: z.number({ error: M.lng }).min(-180, M.lng).max(180, M.lng),
  accuracy: z.number({ error: M.accuracy }).min(0, M.accuracy).max(MAX_POSITION_ACCURACY_M, M.accuracy).nullish(),
  at: z.iso
    .datetime({ offset: true, error: M.at })
    .transform((value) => new Date(value))
    .nullish(),
  // How long ago the fix was taken, by the phone's own clock: the server dates the
  // point by its receipt time less this, so a phone clock set wrong changes nothing. Takes the place
  // of `at`; below 0, the point is in the future (dropped).
  ageMs: z.number({ error: M.ageMs }).int(M.ageMs).min(-MAX_POINT_AGE_MS, M.ageMs).max(MAX_POINT_AGE_MS, M.ageMs).nullish(),
});

const pointsSchema = z.object({ points: z.array(pointSchema, { error: M.points }).min(1, M.points).max(MAX_POINTS_PER_REPORT, M.points) });
export type PositionInput = z.output<typeof pointSchema>;
/** The body as documented (lib/contract/couriers/operations.ts): one point, or `{ points }`. */
export const positionBodySchema = z.union([pointSchema, pointsSchema]);

/** One position `{ lat, lng, accuracy?, at? }`, or `{ points }` (at most MAX_POINTS_PER_REPORT): read as a list either way; errors name the field (lat, points.3.lng). */
export const positionInputSchema = z.unknown().transform((body, ctx): PositionInput[] => {
  const many = typeof body === "object" && body !== null && "points" in body;
  const result = many ? pointsSchema.safeParse(body) : pointSchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return "points" in result.data ? result.data.points : [result.data];
});

/**
 * POST /api/courier/jobs/{id}/failed: a reason from the fixed list (what the customer reads, as its
 * label), and the courier's own words for the operators (`note`, required with "other").
 */
export const failedInputSchema = z
  .object({
    reason: z.enum(FAILURE_REASONS.map((r) => r.value) as [FailureReasonCode, ...FailureReasonCode[]], { error: M.reason }),
    note: freeText("note").pipe(z.string().max(200, M.noteLength)).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.reason === "other" && !input.note?.trim()) ctx.addIssue({ code: "custom", message: M.note, path: ["note"] });
  });

/**
 * "Arrived", "picked up", "delivered": `confirm: true` takes the step although no recent position is
 * near the stop (flagged for an operator); `position`, the app's newest fix (as a report's point,
 * with its `ageMs`): the stop's check uses it when it is fresh (courier-steps/at-stop.ts).
 */
export const stopStepSchema = z.object({ confirm: z.boolean({ error: M.confirm }).optional(), position: pointSchema.optional() });

/**
 * "Picked up": as any step at a stop, and `handedOver: true` when the kitchen has not marked the
 * order ready: the courier confirms the kitchen handed it over (without it, a 409 naming `handedOver`).
 */
export const pickupStepSchema = stopStepSchema.extend({
  handedOver: z.boolean({ error: M.handedOver }).optional(),
  /** The bags the courier counted at pickup (docs/architecture/problem-reports.md "Packed and sealed"). */
  bags: z.number({ error: M.bags }).int(M.bags).min(0, M.bags).max(20, M.bags).optional(),
});
export type PickupStep = z.output<typeof pickupStepSchema>;

export const assignInputSchema = z.object({ courierId: z.number({ error: M.courierId }).int(M.courierId).positive(M.courierId) });

/** GET /api/manage/{id}/couriers?orderId=: the order waiting for a courier the list is for. */
export const nearbyCouriersQuerySchema = z.object({ orderId: idText("orderId") });
