import "server-only";
import { HELD_STATES } from "@/lib/shared/delivery/delivery";
import { doorPhotoFor, doorPhotoHome, type DoorDropoff, type DoorEntry } from "@/lib/shared/delivery/door-photo";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { copyPrivatePicture, readPrivatePicture, removePrivatePicture } from "../platform/pictures";
import { sqlOf, type Sql } from "../platform/sql";
import { doorEntries } from "./queries/door-entries";
import { said } from "@/lib/shared/words/said";

// The building's photo (docs/architecture/stops-and-messages.md "The building's photo"): a
// delivery's drop-off photo is copied onto the customer's address-book entry of that place
// (lib/shared/delivery/door-photo.ts decides which), sized for the courier app's slot, so it outlives the
// order's own photo (deleted when the problem-report window closes). The courier holding a job to
// that place reads it at GET /api/courier/jobs/{id}/door-photo; nobody else does, not even the
// customer through this route. The customer removes it, and stops its keeping, in the address book
// (PUT /api/addresses/{id} `doorPhoto: false`, lib/server/addresses/book.ts).

/** The building's photo's long edge: the job card's slot (a phone's width, twice its pixels), not the whole drop-off photo. */
export const DOOR_PHOTO_EDGE = 720;

/** The entry whose photo shows this drop-off's door, or null. */
export async function doorPhotoEntry(sql: Sql, userId: number, dropoff: DoorDropoff): Promise<DoorEntry | null> {
  return doorPhotoFor(dropoff, await doorEntries(sql, userId));
}

/** Where a job's order was delivered to: its book entry and point. */
async function jobDropoff(jobId: number) {
  const job = await db.deliveryJob.findUnique({
    where: { id: jobId },
    select: { userId: true, courierId: true, state: true, dropoffLat: true, dropoffLng: true, orderId: true },
  });
  if (!job) return null;
  const order = await db.order.findUnique({ where: { id: job.orderId }, select: { deliveryAddressId: true } });
  return { ...job, dropoff: { lat: job.dropoffLat, lng: job.dropoffLng, addressId: order?.deliveryAddressId ?? null } };
}

/**
 * After a delivery with a photo: a copy of it kept as the building's photo on the customer's entry
 * of that place (the previous one's file removed), unless they turned it off or have no entry
 * there. A conditional update: an entry turned off meanwhile keeps nothing. Never fails the
 * delivery, which has happened: a failure here leaves the entry's photo as it was.
 */
export async function keepDoorPhoto(jobId: number, photo: string, now = new Date()): Promise<void> {
  const job = await jobDropoff(jobId);
  if (!job) return;
  const home = doorPhotoHome(job.dropoff, await doorEntries(sqlOf(db), job.userId, true));
  if (!home) return;
  const copy = await copyPrivatePicture(photo, "door", home.id, DOOR_PHOTO_EDGE);
  if (!copy) return;
  const { count } = await db.address.updateMany({ where: { id: home.id, doorPhotoOff: false }, data: { doorPhoto: copy, doorPhotoAt: now } });
  await removePrivatePicture(count === 1 ? home.doorPhoto : copy);
}

/**
 * The building's photo for the courier holding job `jobId` (assigned, at the restaurant or on the
 * way): its bytes, or the 404 of a missing photo for anyone else (another courier, a job offered
 * or closed), and when there is none.
 */
export async function readDoorPhoto(courier: { id: number }, jobId: number): Promise<Buffer> {
  const job = await jobDropoff(jobId);
  if (!job || job.courierId !== courier.id || !HELD_STATES.includes(job.state as (typeof HELD_STATES)[number])) throw notFound(said("messages.photoNotFound"));
  const entry = await doorPhotoEntry(sqlOf(db), job.userId, job.dropoff);
  const bytes = entry?.doorPhoto ? await readPrivatePicture(entry.doorPhoto) : null;
  if (!bytes) throw notFound(said("messages.photoNotFound"));
  return bytes;
}
