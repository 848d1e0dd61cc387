import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { setSoldOut } from "@/lib/server/menu/sold-out";
import { requireUser } from "@/lib/server/web/session";
import { soldOutInputSchema } from "@/lib/validation/kitchen";

// PUT /api/manage/{id}/sold-out - a dish (until the restaurant's next opening) or one of its choices
// (today) sold out, or back: { menuItemId | optionId, soldOut } -> { menuItemId, optionId, soldOutUntil }
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, soldOutInputSchema);
  return json(await setSoldOut(user, id, input));
});
