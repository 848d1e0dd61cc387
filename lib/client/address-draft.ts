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

/** For useSyncExternalStore: calls back when this tab or another changes the draft. */
export function subscribeAddressDraft(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.addressDraft) onChange();
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
