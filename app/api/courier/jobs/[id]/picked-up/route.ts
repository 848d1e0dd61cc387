import { pickedUp } from "@/lib/server/courier-steps/picked-up";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/jobs/{id}/picked-up", async ({ courier, params, body }) => ({
  job: await pickedUp(courier, params.id, new Date(), body),
}));
