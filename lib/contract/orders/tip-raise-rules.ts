import { MAX_TIP_CENTS } from "@/lib/shared/constants";
import { dollars } from "./checkout-rules";
import { fixPaymentSchema } from "../payments/rules";

/**
 * POST /api/orders/{id}/tip: the new tip in dollars (more than the current one; the ceiling is
 * checked against the order); for a card order, a saved card to charge (else the default), or the
 * charge its 3-D Secure challenge authorized (`paymentIntent`, the 402's `payment.intentId`).
 */
export const tipRaiseSchema = fixPaymentSchema.extend({ tip: dollars("tip", { min: 0, max: MAX_TIP_CENTS }) });
