"use client";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useSession } from "@/components/providers/session-provider";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import { RETURN_PARAM, safeReturnPath } from "@/lib/shared/return-path";
import type { UserJson } from "@/lib/server/accounts/users";

/**
 * Calls one of the auth endpoints that answer with the signed-in user (login, signup, guest,
 * demo), then stores the user and goes to /home, or back to the page that sent the visitor to sign
 * in (`?next=`, lib/shared/return-path.ts: a group order link), or to `to`. Errors are thrown to the caller.
 */
export function useSignIn(to?: string) {
  const { setUser } = useSession();
  const router = useRouter();
  return useCallback(
    async (path: string, body?: unknown) => {
      await ensureXsrfCookie();
      const user = await api<UserJson>(path, { method: "POST", body });
      setUser(user);
      router.push(to ?? safeReturnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM)) ?? "/home");
      router.refresh();
      return user;
    },
    [router, setUser, to],
  );
}
