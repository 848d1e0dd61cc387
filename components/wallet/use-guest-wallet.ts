"use client";
import { useCallback, useSyncExternalStore } from "react";

// A guest's top-ups stay in this browser: the server keeps guests' wallets at
// 0 and refuses their top-ups, so the local balance is display-only until they sign up.

const key = (userId: number) => `guestWallet_${userId}`;
const CHANGE_EVENT = "nosh:guest-wallet";

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function readCents(userId: number): number {
  const value = Number(localStorage.getItem(key(userId)));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** The guest's local balance in cents (0 on the server render) and a way to add to it. */
export function useGuestWallet(userId: number) {
  const cents = useSyncExternalStore(
    subscribe,
    () => readCents(userId),
    () => 0,
  );
  const add = useCallback(
    (amountCents: number) => {
      localStorage.setItem(key(userId), String(readCents(userId) + amountCents));
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [userId],
  );
  return { cents, add };
}
