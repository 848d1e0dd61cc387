import type { z } from "zod";
import { COURIER_RATING_SPAN } from "@/lib/shared/delivery/courier-rating";
import { pagingSchema, whole } from "../restaurants/browse-rules";

/** GET /api/admin/courier-ratings/low: `below` (percent) and `min` (ratings) default to COURIER_RATING_ALERT. */
export const lowRatedQuerySchema = pagingSchema.extend({ below: whole("below", 1, 100).optional(), min: whole("min", 1, COURIER_RATING_SPAN).optional() });
export type LowRatedQuery = z.output<typeof lowRatedQuerySchema>;
