import { requireOperator } from "@/lib/server/admin/access";
import { decideDeliveryPay } from "@/lib/server/admin/deliveries";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { deliveryActionSchema } from "@/lib/validation/admin";

// POST /api/admin/deliveries/{id} { action: approve|refuse, reason } -> { delivery: { id, payDecision, amount } }: a flagged
// delivery's pay goes to the courier or back to the customer, once, in the audit log (docs/architecture/couriers.md).
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const operator = await requireOperator();
  const input = await parseBody(request, deliveryActionSchema);
  return json({ delivery: await decideDeliveryPay(operator, id, input) });
});
