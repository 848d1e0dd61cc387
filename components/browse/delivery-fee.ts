import { formatCents } from "@/lib/shared/money/money";
import { checkoutDeliveryFeeCents } from "@/lib/shared/money/pricing";

// The delivery fee as pages state it, from the rule checkout charges by (lib/shared/money/pricing.ts), so no
// page promises a fee checkout does not charge. Server components import it; a client form gets
// the amount as a prop, keeping lib/pricing out of its first-load JavaScript. The words around it
// are the catalogue's.

/** "$6.49" */
export const STANDARD_DELIVERY_FEE = formatCents(checkoutDeliveryFeeCents("standard"));
