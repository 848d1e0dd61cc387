"use client";
import { uploadForm } from "@/lib/client/upload";
import type { UserJson } from "@/lib/server/accounts/users";
import { MAX_PICTURE_BYTES, PICTURE_SAID, PICTURE_TYPES } from "@/lib/contract/common/picture-rules";

/** The checks the browser can make before sending; the server also checks the content. */
export function pictureError(file: File): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_SAID.notImage;
  if (file.size > MAX_PICTURE_BYTES) return PICTURE_SAID.tooLarge;
  return null;
}

/** PUT /api/users/pfp/{id}; `onProgress` receives 0-100 while the bytes go up. */
export function uploadPicture(userId: number, file: File, onProgress: (percent: number) => void): Promise<UserJson> {
  const form = new FormData();
  form.append("picture", file);
  return uploadForm<UserJson>("PUT", `/api/users/pfp/${userId}`, form, onProgress);
}
