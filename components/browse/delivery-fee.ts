import { formatCents } from "@/lib/shared/money";
import { checkoutDeliveryFeeCents } from "@/lib/shared/pricing";

// The delivery fee as pages state it, from the rule checkout charges by (lib/shared/pricing.ts), so no
// page promises a fee checkout does not charge. Server components import these; a
// client form gets the text as a prop, keeping lib/pricing out of its first-load JavaScript.

/** "$6.49" */
export const DELIVERY_FEE_TEXT = formatCents(checkoutDeliveryFeeCents("standard"));

/** What priority delivery adds: "+$1.49". */
export const PRIORITY_SURCHARGE_TEXT = `+${formatCents(checkoutDeliveryFeeCents("priority") - checkoutDeliveryFeeCents("standard"))}`;

/** The owner's form: what the restaurant's own `deliveryFee` field means. */
export const OWNER_DELIVERY_FEE_HINT = `Your listed fee, 0 for free. Customers pay Nosh's ${DELIVERY_FEE_TEXT} delivery fee at checkout (${PRIORITY_SURCHARGE_TEXT} for priority).`;
