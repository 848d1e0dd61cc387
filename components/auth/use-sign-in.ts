"use client";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useSession } from "@/components/providers/session-provider";
import { clearAddressDraft, readAddressDraft } from "@/lib/client/address-draft";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import { parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import { RETURN_PARAM, safeReturnPath } from "@/lib/shared/web/return-path";
import type { UserJson } from "@/lib/server/accounts/users";

/**
 * Calls one of the auth endpoints that answer with the signed-in user (login, signup, guest,
 * demo), then stores the user and goes to /home, or back to the page that sent the visitor to sign
 * in (`?next=`, lib/shared/web/return-path.ts: a group order link, /dev/mailbox), or to `to`. A login
 * into an account without an address saves the one searched while signed out (withSearchedAddress).
 * Errors are thrown to the caller.
 */
export function useSignIn(to?: string) {
  const { setUser } = useSession();
  const router = useRouter();
  return useCallback(
    async (path: string, body?: unknown) => {
      await ensureXsrfCookie();
      const signedIn = await api<UserJson>(path, { method: "POST", body });
      // Signup sends the address with its form; a guest has none.
      const user = path === "/api/auth/signup" ? signedIn : await withSearchedAddress(signedIn);
      setUser(user);
      router.push(to ?? safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM)) ?? "/home");
      router.refresh();
      return user;
    },
    [router, setUser, to],
  );
}

/**
 * The address a visitor searched on the landing page before logging in (lib/client/address-draft.ts)
 * becomes the account's delivery address when the account has none and it is a whole line
 * ("ADDRESS, CITY, STATE, ZIP"), so checkout shows it; else it stays the address form's start.
 */
async function withSearchedAddress(user: UserJson): Promise<UserJson> {
  if (user.guestAccount || user.address) return user;
  const parsed = parseAddressLine(readAddressDraft());
  if ("error" in parsed) return user;
  try {
    const saved = await api<UserJson>(`/api/users/${user.id}`, { method: "PUT", body: parsed.parts });
    clearAddressDraft();
    return saved;
  } catch {
    return user; // An unknown ZIP: the address form starts from it.
  }
}
