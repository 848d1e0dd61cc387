import "server-only";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { asPhotoErrors, readPrivatePicture, removePrivatePicture, storePrivatePicture } from "../platform/pictures";
import { REPORT_WINDOW_MS } from "../problems/context";
import type { SessionUser } from "../platform/session-user";
import type { Courier } from "../dispatch/courier";
import { said, word } from "@/lib/shared/words/said";

// Drop-off proof (docs/architecture/stops-and-messages.md "Drop-off"): a "Leave it at my
// door" order is marked delivered with the courier's photo. The photo goes through the uploads'
// one path (platform/pictures.ts: the profile picture's limits, re-encoded, GPS and every other
// metadata stripped) but is stored privately: only its order's customer, the courier who delivered
// it and operators read it; anyone else gets the 404 an unknown order gets. It is deleted when the
// problem-report window closes (purgeDropoffPhotos, the hourly job dispatch.purge-dropoff-photos).

/** The courier's job, or the 404 anyone else gets: checked before the upload is read. */
export async function assertCouriersJob(courier: Courier, jobId: number): Promise<void> {
  const job = await db.deliveryJob.findFirst({ where: { id: jobId, courierId: courier.id }, select: { id: true } });
  if (!job) throw notFound(said("messages.notFound", { what: word("job") }));
}

/** Stores the courier's photo of order `orderId`'s drop-off; returns its private store name. */
export function storeDropoffPhoto(orderId: number, file: File): Promise<string> {
  return asPhotoErrors(() => storePrivatePicture("dropoff", orderId, file));
}

/** Inside deliveredJob's transaction, from the order as the step moved it: a leave-at-the-door order needs its photo (409 naming `photo`; the transaction rolls back). */
export function assertDropoffProof(order: { dropoff: string }, photo: string | null): void {
  if (order.dropoff === "leave_at_door" && !photo) throw conflict(said("messages.dropoffPhoto"), { photo: said("messages.dropoffPhoto") });
}

/** Whether a photo of an order delivered at `closedAt` is still within its window (REPORT_WINDOW_MS, 48 hours) at `now`. */
export const dropoffPhotoLive = (closedAt: Date | null, now: Date) => closedAt !== null && now.getTime() - closedAt.getTime() <= REPORT_WINDOW_MS;

/**
 * The photo's bytes for the order's customer, its courier or an operator; a 404 for anyone else,
 * when there is none, or from the moment its window ends (checked here: the hourly purge deletes
 * the file up to an hour later).
 */
export async function readDropoffPhoto(user: Pick<SessionUser, "id" | "operator">, orderId: number, now = new Date()): Promise<Buffer> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: { userId: true, dropoffPhoto: true, closedAt: true } });
  const allowed =
    order && (order.userId === user.id || user.operator || (await db.deliveryJob.count({ where: { orderId, courierId: user.id, state: "delivered" } })) > 0);
  if (!order || !allowed || !order.dropoffPhoto || !dropoffPhotoLive(order.closedAt, now)) throw notFound(said("messages.photoNotFound"));
  const bytes = await readPrivatePicture(order.dropoffPhoto);
  if (!bytes) throw notFound(said("messages.photoNotFound"));
  return bytes;
}

/**
 * Deletes the drop-off photos of orders delivered more than the problem-report window ago
 * (REPORT_WINDOW_MS, 48 hours): the row first (a conditional update, so two instances delete each
 * once), then the file. Returns how many were deleted.
 */
export async function purgeDropoffPhotos(now: Date): Promise<number> {
  const before = new Date(now.getTime() - REPORT_WINDOW_MS);
  // Oldest first, in the partial index's order (Order_closedAt_dropoffPhoto_idx): by id SQLite read every order ever closed.
  const rows = await db.order.findMany({
    where: { dropoffPhoto: { not: null }, closedAt: { lt: before } },
    orderBy: { closedAt: "asc" },
    select: { id: true, dropoffPhoto: true },
    take: 500,
  });
  let deleted = 0;
  for (const row of rows) {
    const { count } = await db.order.updateMany({ where: { id: row.id, dropoffPhoto: row.dropoffPhoto }, data: { dropoffPhoto: null } });
    if (count !== 1) continue;
    await removePrivatePicture(row.dropoffPhoto);
    deleted++;
  }
  return deleted;
}
