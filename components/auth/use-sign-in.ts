"use client";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useSession } from "@/components/providers/session-provider";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/users";

/**
 * Calls one of the auth endpoints that answer with the signed-in user (login, signup, guest,
 * demo), then stores the user and goes to /home. Errors are thrown to the caller.
 */
export function useSignIn() {
  const { setUser } = useSession();
  const router = useRouter();
  return useCallback(
    async (path: string, body?: unknown) => {
      await ensureXsrfCookie();
      const user = await api<UserJson>(path, { method: "POST", body });
      setUser(user);
      router.push("/home");
      router.refresh();
      return user;
    },
    [router, setUser],
  );
}
