"use client";
import { STORAGE_KEYS } from "@/lib/shared/constants";

// The delivery address a visitor types before having an account (the landing page's box),
// kept in this browser until signup saves it to the account. Storage can be
// unavailable (private modes, quotas): then there is simply no draft.

const MAX_LENGTH = 200;
const CHANGED = "nosh:address-draft";

export function readAddressDraft(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.addressDraft)?.slice(0, MAX_LENGTH) ?? "";
  } catch {
    return "";
  }
}

export function saveAddressDraft(line: string): void {
  try {
    const value = line.trim().slice(0, MAX_LENGTH);
    if (value) window.localStorage.setItem(STORAGE_KEYS.addressDraft, value);
    else window.localStorage.removeItem(STORAGE_KEYS.addressDraft);
    window.dispatchEvent(new Event(CHANGED));
  } catch {
    // No storage: the address is typed again at signup.
  }
}

/** A guest's pin (docs/architecture/places.md "A guest's address"): the point placed for one address line. */
export type AddressPin = { line: string; lat: number; lng: number };

/** The kept pin as stored (a stable snapshot for useSyncExternalStore; `pinOf` reads it), "" without one. */
export function readAddressPinRaw(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.addressPin) ?? "";
  } catch {
    return "";
  }
}

/** The pin in `raw` when it was placed for `line`, else null (another line's pin places nothing). */
export function pinOf(raw: string, line: string | null): AddressPin | null {
  if (!raw || !line) return null;
  try {
    const pin = JSON.parse(raw) as Partial<AddressPin>;
    return pin.line === line && typeof pin.lat === "number" && typeof pin.lng === "number" ? { line, lat: pin.lat, lng: pin.lng } : null;
  } catch {
    return null;
  }
}

/** Keeps the guest's pin for `pin.line` in this browser until the order that goes there is placed with it. */
export function saveAddressPin(pin: AddressPin): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.addressPin, JSON.stringify({ line: pin.line, lat: pin.lat, lng: pin.lng }));
    window.dispatchEvent(new Event(CHANGED));
  } catch {
    // No storage: the order goes to the ZIP's centre, as before the pin.
  }
}

/** For useSyncExternalStore: calls back when this tab or another changes the draft or the pin. */
export function subscribeAddressDraft(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.addressDraft || event.key === STORAGE_KEYS.addressPin) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

export function clearAddressDraft(): void {
  saveAddressDraft("");
}
