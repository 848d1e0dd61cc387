import { setPayoutSchedule } from "@/lib/server/payouts/schedule";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { payoutScheduleSchema } from "@/lib/validation/payouts";

// PUT /api/manage/{id}/payouts/schedule { weekday: "mon" ... "sun" | null } -> { schedule }: the
// restaurant's weekly payout day (lib/server/payouts/schedule.ts); another owner's: 404.
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, payoutScheduleSchema);
  return json({ schedule: await setPayoutSchedule(user, id, input) });
});
