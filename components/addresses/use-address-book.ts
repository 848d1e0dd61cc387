"use client";
import { useCallback, useEffect, useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { api } from "@/lib/client/api";
import { inTaskOfItsOwn } from "@/lib/client/task-of-its-own";
import type { AddressJson } from "@/lib/server/addresses/address-json";

export type { AddressJson };
type Book = { addresses: AddressJson[] };
type Change = Book & { address?: AddressJson };

/**
 * The signed-in customer's address book (GET /api/addresses), and its changes: each answers the
 * whole book, and the session's user is read again (its address mirrors the default entry).
 * Guests and signed-out visitors have none: null.
 */
export function useAddressBook() {
  const { user, refresh } = useSession();
  const member = Boolean(user && !user.guestAccount);
  const [addresses, setAddresses] = useState<AddressJson[] | null>(null);
  // Read again whenever the profile's address changes (the top bar's one-line form writes the default).
  const profileKey = user ? `${user.id}:${user.address}:${user.zip}:${user.lat}:${user.lng}` : "";

  useEffect(() => {
    if (!member) return;
    let live = true;
    // Read in a task of its own, not in the commit's (checkout's first load: the hydration's).
    const cancel = inTaskOfItsOwn(() =>
      api<Book>("/api/addresses")
        .then((book) => live && setAddresses(book.addresses))
        .catch(() => live && setAddresses([])),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [member, profileKey]);

  const change = useCallback(
    async (path: string, method: "POST" | "PUT" | "DELETE", body?: unknown): Promise<AddressJson | undefined> => {
      const answer = await api<Change>(path, { method, body });
      setAddresses(answer.addresses);
      await refresh();
      return answer.address;
    },
    [refresh],
  );

  return {
    addresses: member ? addresses : null,
    add: (body: unknown) => change("/api/addresses", "POST", body),
    update: (id: number, body: unknown) => change(`/api/addresses/${id}`, "PUT", body),
    makeDefault: (id: number) => change(`/api/addresses/${id}/default`, "POST"),
    remove: (id: number) => change(`/api/addresses/${id}`, "DELETE"),
  };
}

/** "500 Oak St, Suite 2, Eugene, OR 97403". */
export function addressLine(entry: Pick<AddressJson, "address" | "unit" | "city" | "state" | "zip">): string {
  return [entry.address, entry.unit, entry.city, `${entry.state} ${entry.zip}`].filter(Boolean).join(", ");
}

/** An entry at its ZIP's centre, never pinned: an order may choose it once its pin is placed (docs/architecture/places.md "The geocoder"). */
export function needsPin(entry: Pick<AddressJson, "pinned" | "precision">): boolean {
  return !entry.pinned && entry.precision === "zip";
}
