"use client";
import { api } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import { NETWORK_FAILURE } from "@/lib/shared/words/messages";

// "Use my location" (components/shell/use-location-button.tsx loads this on the first press, so
// no page carries it in its first load): the browser's position, then the known ZIP nearest it
// (GET /api/search/nearest-zip, the server's offline ZIP data). One fix, coarse accuracy: a ZIP
// is kilometres wide; a fix from the last five minutes will do. The position is not kept.

export type FoundPlace = { zip: string; city: string; state: string };

/** Why the browser gave no position: the button says it in the page's words (the catalogue's profile.ui.locateWhy). */
export type LocateReason = "denied" | "unavailable" | "timeout" | "unsupported";

/** No ZIP came of it: the browser's `reason`, or the server's (or the network's) message. */
export class LocateError extends Error {
  constructor(
    message: string,
    readonly reason?: LocateReason,
  ) {
    super(message);
  }
}

/** Waits at most this long for the browser's fix. */
const TIMEOUT_MS = 10_000;

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) return reject(new LocateError("unsupported", "unsupported"));
    navigator.geolocation.getCurrentPosition(
      resolve,
      (error) => {
        const reason: LocateReason = error.code === error.PERMISSION_DENIED ? "denied" : error.code === error.TIMEOUT ? "timeout" : "unavailable";
        reject(new LocateError(reason, reason));
      },
      { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: 5 * 60_000 },
    );
  });
}

/** The ZIP nearest this device, or a LocateError whose reason (or message) says why not. */
export async function locateZip(): Promise<FoundPlace> {
  const { coords } = await position();
  const lat = coords.latitude.toFixed(5);
  const lng = coords.longitude.toFixed(5);
  try {
    const { zip, city, state } = await api<FoundPlace>(`/api/search/nearest-zip?lat=${lat}&lng=${lng}`);
    return { zip, city, state };
  } catch (error) {
    throw new LocateError(parseApiError(error, NETWORK_FAILURE).message);
  }
}
