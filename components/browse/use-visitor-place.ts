"use client";
import { useSyncExternalStore } from "react";
import { useSession } from "@/components/providers/session-provider";
import { readAddressDraft, subscribeAddressDraft } from "@/lib/client/address-draft";
import { useSavedPlaceQuery } from "./use-arrival";

/** The visitor's address as the quote takes it: the signed-in customer's saved place, else the address a signed-out visitor searched in this browser. */
export function useVisitorPlaceQuery(): string | null {
  const { user } = useSession();
  const saved = useSavedPlaceQuery();
  const draft = useSyncExternalStore(subscribeAddressDraft, readAddressDraft, () => "");
  if (saved) return saved;
  if (!user && draft) return `address=${encodeURIComponent(draft)}`;
  return null;
}
