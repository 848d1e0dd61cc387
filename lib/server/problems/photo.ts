import "server-only";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { asPhotoErrors, readPicture, readPrivatePicture, removePicture, removePrivatePicture, storePrivatePicture } from "../platform/pictures";
import type { SessionUser } from "../platform/session-user";
import { said } from "@/lib/shared/words/said";

// A problem report's photo (docs/architecture/photos.md): private evidence. Stored under a name
// that carries the order's id, never the reporter's (`problem_<orderId>_<hex>.webp`, a private
// picture /uploads never serves), and read only through GET /api/orders/{id}/problems/{problemId}/photo
// by the reporter, the restaurant's owner and operators. Reports sent before this kept a public
// `/uploads/<userId>-<hex>.webp` path: still read through that route, no longer by /uploads.

/**
 * Stores a report's photo: the profile picture's limits and checks (at most 5 MB, PNG, JPEG or
 * WebP by its bytes, re-encoded without metadata), its errors named `photo`. Returns its store name.
 */
export function storeProblemPhoto(orderId: number, file: File): Promise<string> {
  return asPhotoErrors(() => storePrivatePicture("problem", orderId, file));
}

/** Where the photo of report `problemId` on order `orderId` is read. */
export const problemPhotoUrl = (orderId: number, problemId: number) => `/api/orders/${orderId}/problems/${problemId}/photo`;

/** Deletes a stored report photo: a private name, or an earlier report's /uploads path. */
export async function removeProblemPhoto(photo: string | null): Promise<void> {
  if (!photo) return;
  if (photo.startsWith("/uploads/")) await removePicture(photo);
  else await removePrivatePicture(photo);
}

/** Whether /uploads/`name` is an earlier report's photo, which /uploads no longer serves. */
export async function isLegacyProblemPhoto(name: string): Promise<boolean> {
  return (await db.problemReport.count({ where: { photo: `/uploads/${name}` } })) > 0;
}

/** The photo's bytes for the reporter, the restaurant's owner or an operator; a 404 for anyone else, or when there is none. */
export async function readProblemPhoto(user: Pick<SessionUser, "id" | "operator">, orderId: number, problemId: number): Promise<Buffer> {
  const report = await db.problemReport.findFirst({ where: { id: problemId, orderId }, select: { userId: true, restaurantId: true, photo: true } });
  const allowed =
    report &&
    (report.userId === user.id ||
      user.operator ||
      (report.restaurantId !== null && (await db.restaurant.count({ where: { id: report.restaurantId, ownerId: user.id } })) > 0));
  if (!report || !allowed || !report.photo) throw notFound(said("messages.photoNotFound"));
  const bytes = report.photo.startsWith("/uploads/") ? await readPicture(report.photo.slice("/uploads/".length)) : await readPrivatePicture(report.photo);
  if (!bytes) throw notFound(said("messages.photoNotFound"));
  return bytes;
}
