"use client";
import Link from "@/components/ui/link";
import { useSyncExternalStore, type ReactNode } from "react";
import { readAddressDraft, subscribeAddressDraft } from "@/lib/client/address-draft";

/**
 * The top bar's address for a signed-out visitor: the one searched on the landing page, kept in
 * this browser (lib/client/address-draft.ts), or "Add address"; a link to /login either way.
 * Loaded by AddressButton for signed-out visitors only, so signed-in pages (the owner's board
 * is at the first-load limit) do not carry the draft's code.
 */
export default function SignedOutAddress({ className, children }: { className: string; children: (address: string | null) => ReactNode }) {
  const draft = useSyncExternalStore(subscribeAddressDraft, readAddressDraft, () => "");
  return (
    <Link href="/login" className={className}>
      {children(draft || null)}
    </Link>
  );
}
