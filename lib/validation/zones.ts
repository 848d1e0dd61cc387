import { z } from "zod";
import { MAX_PLACES } from "@/lib/shared/zone-blocks";
import { polygonArea, selfCrossing, ZONE_MAX_POINTS, ZONE_MIN_POINTS } from "@/lib/shared/zone-polygon.mjs";

// Scheduled hours by zone (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): an operator's
// zone (PUT/POST /api/admin/zones) and a courier's booking (POST /api/courier/blocks). The pages
// show these messages beside their fields.

export const ZONE_MESSAGES = {
  name: "name must be 1 to 60 characters",
  polygon: `polygon must be ${ZONE_MIN_POINTS} to ${ZONE_MAX_POINTS} points { lat, lng }, enclosing an area, its edges not crossing`,
  point: "each point must be { lat: -90 to 90, lng: -180 to 180 }",
  needs: `needs must be 24 whole numbers from 0 to ${MAX_PLACES}: the couriers needed in each hour of the day, from 00:00`,
  reason: "reason must be at most 500 characters",
  zoneId: "zoneId must be a zone's id",
  startsAt: "startsAt must be an ISO 8601 date and time",
} as const;
const M = ZONE_MESSAGES;

const point = z.object(
  { lat: z.number({ error: M.point }).min(-90, M.point).max(90, M.point), lng: z.number({ error: M.point }).min(-180, M.point).max(180, M.point) },
  { error: M.point },
);

export const zoneInputSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(60, M.name),
  polygon: z
    .array(point, { error: M.polygon })
    .min(ZONE_MIN_POINTS, M.polygon)
    .max(ZONE_MAX_POINTS, M.polygon)
    .refine((points) => polygonArea(points) > 1e-9 && !selfCrossing(points), M.polygon),
  needs: z.array(z.number({ error: M.needs }).int(M.needs).min(0, M.needs).max(MAX_PLACES, M.needs), { error: M.needs }).length(24, M.needs),
  reason: z.string({ error: M.reason }).trim().max(500, M.reason).optional(),
});
export type ZoneInput = z.infer<typeof zoneInputSchema>;

export const blockInputSchema = z.object({
  zoneId: z.number({ error: M.zoneId }).int(M.zoneId).positive(M.zoneId),
  startsAt: z.iso.datetime({ offset: true, error: M.startsAt }).transform((text) => new Date(text)),
});
export type BlockInput = z.infer<typeof blockInputSchema>;
