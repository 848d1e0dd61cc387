"use client";
import { useEffect } from "react";
import { saveAddressDraft } from "@/lib/client/address-draft";

/**
 * /home?address= placed an address: it becomes this browser's delivery address for a signed-out
 * visitor (lib/client/address-draft.ts), as the landing box's does, so the top bar keeps showing
 * it on the restaurant pages. A search sent before the landing page's script
 * ran, or from /home's own form, arrives here only. Renders nothing.
 */
export function KeepAddressDraft({ address }: { address: string }) {
  useEffect(() => saveAddressDraft(address), [address]);
  return null;
}
