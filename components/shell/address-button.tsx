"use client";
import Link from "@/components/ui/link";
import { lazy, Suspense, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { IconGlyph } from "@/components/ui/icons";
import { formatAddress } from "./address";
import type { AddressEditorWords } from "./address-editor";
import styles from "./address-button.module.css";
import { GUEST_ADDRESS } from "@/lib/shared/words/messages";

// The editor (and the zod schemas it validates with) loads on the first click rather than with
// every page: the top bar is in every route's first-load JavaScript.
const AddressEditor = lazy(() => import("./address-editor").then((m) => ({ default: m.AddressEditor })));
// A signed-out visitor's address (the one searched on the landing page) likewise: signed-in pages skip it.
const SignedOutAddress = lazy(() => import("./signed-out-address"));

/**
 * The delivery address in the top bar. Anonymous visitors and guests see the one they searched on
 * the landing page (kept in this browser until signup or login saves it: lib/client/address-draft.ts);
 * anonymous visitors are sent to /login, guests are told to log in, signed-in users edit it in place.
 */
export function AddressButton({
  className,
  words,
  editorWords,
}: {
  className?: string;
  /** Its words in the page's language (the top bar's). */ words: { addressLabel: string; addAddress: string };
  /** The address dialog's (shop-shell.tsx). */ editorWords: AddressEditorWords;
}) {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const { show } = useAlerts();
  const label = (address: string | null) => (
    <>
      <IconGlyph name="pin" className={styles.icon} />
      <span className="sr-only">{words.addressLabel}</span>
      <span className={styles.text}>{address ?? words.addAddress}</span>
    </>
  );
  const content = label(formatAddress(user));
  const classes = `${styles.address} ${className ?? ""}`;

  if (!user) {
    return (
      <Suspense
        fallback={
          <Link href="/login" className={classes}>
            {content}
          </Link>
        }
      >
        <SignedOutAddress className={classes}>{label}</SignedOutAddress>
      </Suspense>
    );
  }
  if (user.guestAccount) {
    const guestButton = (
      <button type="button" className={classes} onClick={() => show(GUEST_ADDRESS)}>
        {content}
      </button>
    );
    // A guest has no saved address: the one searched before "Continue as guest" is where their order goes.
    if (formatAddress(user)) return guestButton;
    return (
      <Suspense fallback={guestButton}>
        <SignedOutAddress className={classes} onPress={() => show(GUEST_ADDRESS)}>
          {label}
        </SignedOutAddress>
      </Suspense>
    );
  }
  return (
    <>
      <button type="button" className={classes} onClick={() => setEditing(true)} aria-haspopup="dialog">
        {content}
      </button>
      {editing && (
        <Suspense fallback={null}>
          <AddressEditor open onClose={() => setEditing(false)} words={editorWords} />
        </Suspense>
      )}
    </>
  );
}
