"use client";
import { api, ApiClientError } from "@/lib/client/api";
import { NETWORK_FAILURE } from "@/lib/shared/messages";

// "Use my location" (components/shell/use-location-button.tsx loads this on the first press, so
// no page carries it in its first load): the browser's position, then the known ZIP nearest it
// (GET /api/search/nearest-zip, the server's offline ZIP data). One fix, coarse accuracy: a ZIP
// is kilometres wide; a fix from the last five minutes will do. The position is not kept.

export type FoundPlace = { zip: string; city: string; state: string };

/** What the customer reads beside the button when no ZIP comes of it. */
export const LOCATE_MESSAGES = {
  denied: "Location is blocked for this site. Allow it in your browser's settings, or type your address.",
  unavailable: "Your device could not tell where you are. Type your address instead.",
  timeout: "Finding your location took too long. Try again, or type your address.",
  unsupported: "This browser cannot share your location. Type your address instead.",
} as const;

export class LocateError extends Error {}

/** Waits at most this long for the browser's fix. */
const TIMEOUT_MS = 10_000;

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) return reject(new LocateError(LOCATE_MESSAGES.unsupported));
    navigator.geolocation.getCurrentPosition(
      resolve,
      (error) => {
        const message =
          error.code === error.PERMISSION_DENIED ? LOCATE_MESSAGES.denied : error.code === error.TIMEOUT ? LOCATE_MESSAGES.timeout : LOCATE_MESSAGES.unavailable;
        reject(new LocateError(message));
      },
      { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: 5 * 60_000 },
    );
  });
}

/** The ZIP nearest this device, or a LocateError whose message says why not. */
export async function locateZip(): Promise<FoundPlace> {
  const { coords } = await position();
  const lat = coords.latitude.toFixed(5);
  const lng = coords.longitude.toFixed(5);
  try {
    const { zip, city, state } = await api<FoundPlace>(`/api/search/nearest-zip?lat=${lat}&lng=${lng}`);
    return { zip, city, state };
  } catch (error) {
    throw new LocateError(error instanceof ApiClientError ? error.message : NETWORK_FAILURE);
  }
}
