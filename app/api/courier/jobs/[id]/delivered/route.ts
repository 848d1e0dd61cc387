import { deliveredWithPhoto } from "@/lib/server/courier-steps/delivered";
import { assertCouriersJob } from "@/lib/server/courier-steps/dropoff-photo";
import { handle } from "@/lib/server/web/handle";
import { readJsonWithPhoto } from "@/lib/server/web/multipart";

/** `{ confirm?, position? }` as JSON, or multipart/form-data with that JSON in `data` (optional) and the drop-off photo in `photo`. */
export const POST = handle(
  "POST /api/courier/jobs/{id}/delivered",
  async ({ request, courier, params: { id }, check }) => {
    await assertCouriersJob(courier, id);
    const { body, photo } = await readJsonWithPhoto(request, { onePhoto: "One photo per delivery" });
    const { confirm, position } = check(body);
    return { job: await deliveredWithPhoto(courier, id, photo, new Date(), confirm ?? false, position ?? null) };
  },
  { body: "handler" },
);
