import { arrivedAtPickup } from "@/lib/server/courier-steps/arrived";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/jobs/{id}/arrived", async ({ courier, params, body }) => ({
  job: await arrivedAtPickup(courier, params.id, new Date(), body.confirm ?? false, body.position ?? null),
}));
