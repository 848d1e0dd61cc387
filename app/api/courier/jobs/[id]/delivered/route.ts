import { fromZod } from "@/lib/server/platform/errors";
import { camelizeKeys, json, parseId, readJsonWithPhoto, route } from "@/lib/server/web/http";
import { deliveredJob } from "@/lib/server/dispatch/delivered";
import { asCourier } from "@/lib/server/dispatch/courier";
import { assertCouriersJob, storeDropoffPhoto } from "@/lib/server/dispatch/dropoff-photo";
import { removePrivatePicture } from "@/lib/server/platform/pictures";
import { db } from "@/lib/server/platform/db";
import { requireUser } from "@/lib/server/web/session";
import { stopStepSchema } from "@/lib/validation/courier";

/** `{ confirm? }` as JSON, or multipart/form-data with that JSON in `data` (optional) and the drop-off photo in `photo`. */
const STEP_MESSAGES = {
  notMultipart: "Send JSON, or multipart/form-data with `data` and `photo`",
  dataNotJson: "`data` must be JSON",
  onePhoto: "One photo per delivery",
};

// POST /api/courier/jobs/{id}/delivered -> { job }: picked_up -> delivered: the order is delivered and your pay credited. Another courier's job (or one never
// offered to you) is a 404, the wrong state a 409 (docs/architecture/couriers.md).
// Away from the stop (no position in the last 2 minutes within 250 m + its accuracy): 409 naming `position`, unless
// `{ confirm: true }`: then the job is flagged for an operator ("Steps at a stop").
// Drop-off ("Drop-off"): JSON, or multipart/form-data with `data` (that JSON) and `photo` (an image, the
// profile picture's limits: 413 past 5 MB, 400 not an image); a "Leave it at my door" order without a photo is a 409 naming `photo`.
export const POST = route<{ id: string }>(
  async (request, params) => {
    const id = parseId(params.id);
    const courier = asCourier(await requireUser());
    await assertCouriersJob(courier, id);
    const { body, photo } = await readJsonWithPhoto(request, STEP_MESSAGES);
    const parsed = stopStepSchema.safeParse(camelizeKeys(body));
    if (!parsed.success) throw fromZod(parsed.error);
    let stored: string | null = null;
    if (photo) {
      const job = await db.deliveryJob.findUniqueOrThrow({ where: { id }, select: { orderId: true } });
      stored = await storeDropoffPhoto(job.orderId, photo);
    }
    try {
      return json({ job: await deliveredJob(courier, id, new Date(), parsed.data.confirm ?? false, stored) });
    } catch (error) {
      await removePrivatePicture(stored).catch(() => {});
      throw error;
    }
  },
  { body: "handler" },
);
