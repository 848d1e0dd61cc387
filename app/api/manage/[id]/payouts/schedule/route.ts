import { setPayoutSchedule } from "@/lib/server/payouts/schedule";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/payouts/schedule", async ({ user, params, body }) => ({ schedule: await setPayoutSchedule(user, params.id, body) }));
