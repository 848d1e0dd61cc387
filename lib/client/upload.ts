"use client";
import { ApiClientError, SERVER_FAILURE, xsrfToken } from "./api";
import { XSRF_HEADER } from "@/lib/shared/web/csrf";
import { NETWORK_FAILURE } from "@/lib/shared/words/messages";

// fetch() cannot report upload progress, so pictures (the profile picture, owners' photos) go up
// through XMLHttpRequest with the same anti-forgery header and error shape as api.ts.

/** Sends `form` (multipart/form-data) to `url`; `onProgress` receives 0-100 while the bytes go up. */
export function uploadForm<T>(method: "PUT" | "POST", url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    const token = xsrfToken();
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiClientError(0, NETWORK_FAILURE));
    xhr.onload = () => {
      const body = xhr.response as (T & { message?: string; errors?: Record<string, string> }) | null;
      if (xhr.status >= 500) reject(new ApiClientError(xhr.status, SERVER_FAILURE));
      else if (xhr.status >= 400) reject(new ApiClientError(xhr.status, body?.message ?? SERVER_FAILURE, body?.errors ?? {}));
      else resolve(body as T);
    };
    xhr.send(form);
  });
}
