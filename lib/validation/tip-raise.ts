import { z } from "zod";
import { MAX_TIP_CENTS } from "@/lib/shared/constants";
import { dollars } from "./checkout";

/** POST /api/orders/{id}/tip: the new tip in dollars (more than the current one; the ceiling is checked against the order). */
export const tipRaiseSchema = z.object({ tip: dollars("tip", { min: 0, max: MAX_TIP_CENTS }) });
export type TipRaiseInput = z.output<typeof tipRaiseSchema>;
