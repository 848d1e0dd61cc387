import { z } from "zod";
import { MAX_PLACES } from "@/lib/shared/delivery/zone-blocks";
import { polygonArea, selfCrossing, ZONE_MAX_POINTS, ZONE_MIN_POINTS } from "@/lib/shared/delivery/zone-polygon.mjs";
import { said } from "@/lib/shared/words/said";
export const ZONE_SAID = {
  name: said("rules.menuSection.name", { max: "60" }),
  polygon: said("rules.zones.polygon", { min: ZONE_MIN_POINTS, max: ZONE_MAX_POINTS }),
  point: said("rules.zones.point"),
  needs: said("rules.zones.needs", { max: MAX_PLACES }),
  reason: said("rules.common.atMost", { field: "reason", count: "500" }),
  zoneId: said("rules.zones.zoneId"),
  startsAt: said("rules.common.isoDateTime", { field: "startsAt" }),
} as const;
const M = ZONE_SAID;

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
