import { deliveredJob } from "@/lib/server/courier-steps/delivered";
import { assertCouriersJob, storeDropoffPhoto } from "@/lib/server/dispatch/dropoff-photo";
import { removePrivatePicture } from "@/lib/server/platform/pictures";
import { db } from "@/lib/server/platform/db";
import { handle } from "@/lib/server/web/handle";
import { readJsonWithPhoto } from "@/lib/server/web/multipart";

/** `{ confirm? }` as JSON, or multipart/form-data with that JSON in `data` (optional) and the drop-off photo in `photo`. */
const STEP_MESSAGES = {
  notMultipart: "Send JSON, or multipart/form-data with `data` and `photo`",
  dataNotJson: "`data` must be JSON",
  onePhoto: "One photo per delivery",
};

export const POST = handle(
  "POST /api/courier/jobs/{id}/delivered",
  async ({ request, courier, params: { id }, check }) => {
    await assertCouriersJob(courier, id);
    const { body, photo } = await readJsonWithPhoto(request, STEP_MESSAGES);
    const { confirm } = check(body);
    let stored: string | null = null;
    if (photo) {
      const job = await db.deliveryJob.findUniqueOrThrow({ where: { id }, select: { orderId: true } });
      stored = await storeDropoffPhoto(job.orderId, photo);
    }
    try {
      return { job: await deliveredJob(courier, id, new Date(), confirm ?? false, stored) };
    } catch (error) {
      await removePrivatePicture(stored).catch(() => {});
      throw error;
    }
  },
  { body: "handler" },
);
