import "server-only";
import { ApiError } from "../platform/errors";
import { storePicture } from "../platform/pictures";

/**
 * A problem report's photo: the profile picture's limits and checks (at most 5 MB, PNG, JPEG or
 * WebP by its bytes, re-encoded without metadata: lib/server/platform/pictures.ts storePicture),
 * its errors named `photo`. Returns the stored path.
 */
export async function storeProblemPhoto(userId: number, file: File): Promise<string> {
  try {
    return await storePicture(userId, file);
  } catch (error) {
    if (error instanceof ApiError && error.errors?.picture) throw new ApiError(error.code, error.message, { photo: error.errors.picture }, error.headers);
    throw error;
  }
}
