"use client";
import Link from "@/components/ui/link";
import { useSyncExternalStore, type ReactNode } from "react";
import { readAddressDraft, subscribeAddressDraft } from "@/lib/client/address-draft";

/**
 * The top bar's address for a visitor without an account's address: the one searched on the
 * landing page, kept in this browser (lib/client/address-draft.ts), or "Add address". Signed
 * out, a link to /login; a guest (whose order goes to that same address: checkout's
 * use-delivery-address.ts) a button that says why it cannot be edited here (`onPress`).
 * Loaded by AddressButton for these visitors only, so signed-in pages (the owner's board is at
 * the first-load limit) do not carry the draft's code.
 */
export default function SignedOutAddress({ className, children, onPress }: { className: string; children: (address: string | null) => ReactNode; onPress?: () => void }) {
  const draft = useSyncExternalStore(subscribeAddressDraft, readAddressDraft, () => "");
  if (onPress)
    return (
      <button type="button" className={className} onClick={onPress}>
        {children(draft || null)}
      </button>
    );
  return (
    <Link href="/login" className={className}>
      {children(draft || null)}
    </Link>
  );
}
