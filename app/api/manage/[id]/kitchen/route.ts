import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { updateKitchen } from "@/lib/server/restaurants/kitchen";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { requireUser } from "@/lib/server/web/session";
import { kitchenInputSchema } from "@/lib/validation/kitchen";

// PUT /api/manage/{id}/kitchen - the owner's kitchen controls (docs/architecture/kitchen.md):
// { pause?: "15" | "30" | "60" | "today" | "off", busyExtraMinutes?: 0 | 10 | 20, autoAccept?, defaultPrepMinutes? } -> { restaurant }
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, kitchenInputSchema);
  return json({ restaurant: restaurantToJson(await updateKitchen(user, id, input)) });
});
