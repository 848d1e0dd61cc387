import "server-only";
import { asPhotoErrors, storePicture } from "../platform/pictures";

/**
 * A problem report's photo: the profile picture's limits and checks (at most 5 MB, PNG, JPEG or
 * WebP by its bytes, re-encoded without metadata: lib/server/platform/pictures.ts storePicture),
 * its errors named `photo`. Returns the stored path.
 */
export function storeProblemPhoto(userId: number, file: File): Promise<string> {
  return asPhotoErrors(() => storePicture(userId, file));
}
