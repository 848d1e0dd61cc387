"use client";
import { ApiClientError, SERVER_FAILURE, xsrfToken } from "@/lib/client/api";
import { XSRF_HEADER } from "@/lib/shared/csrf";
import type { UserJson } from "@/lib/server/users";

// fetch() cannot report upload progress, so the picture goes up through XMLHttpRequest with
// the same anti-forgery header and error shape as lib/client/api.ts.

import { MAX_PICTURE_BYTES, PICTURE_MESSAGES, PICTURE_TYPES } from "@/lib/validation/picture";

/** The checks the browser can make before sending; the server also checks the content. */
export function pictureError(file: File): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_MESSAGES.notImage;
  if (file.size > MAX_PICTURE_BYTES) return PICTURE_MESSAGES.tooLarge;
  return null;
}

/** PUT /api/users/pfp/{id}; `onProgress` receives 0-100 while the bytes go up. */
export function uploadPicture(userId: number, file: File, onProgress: (percent: number) => void): Promise<UserJson> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `/api/users/pfp/${userId}`);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    const token = xsrfToken();
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiClientError(0, "Network error. Check your connection and try again."));
    xhr.onload = () => {
      const body = xhr.response as (UserJson & { message?: string; errors?: Record<string, string> }) | null;
      if (xhr.status >= 500) reject(new ApiClientError(xhr.status, SERVER_FAILURE));
      else if (xhr.status >= 400) reject(new ApiClientError(xhr.status, body?.message ?? SERVER_FAILURE, body?.errors ?? {}));
      else resolve(body as UserJson);
    };
    const form = new FormData();
    form.append("picture", file);
    xhr.send(form);
  });
}
