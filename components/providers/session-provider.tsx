"use client";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { api } from "@/lib/client/api";
import { STORAGE_KEYS } from "@/lib/shared/constants";
import type { UserJson } from "@/lib/server/users";

// The signed-in user on the client. The server renders the first value (no flash of the
// signed-out shell); the spec's `currentUser` local-storage key mirrors it.

type SessionContextValue = {
  user: UserJson | null;
  setUser: (user: UserJson | null) => void;
  refresh: () => Promise<UserJson | null>;
  logout: () => Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ initialUser, children }: { initialUser: UserJson | null; children: ReactNode }) {
  const [user, setUser] = useState<UserJson | null>(initialUser);
  // A server render after router.refresh() brings a new initial user: adopt it.
  const [seenInitial, setSeenInitial] = useState(initialUser);
  if (initialUser !== seenInitial) {
    setSeenInitial(initialUser);
    setUser(initialUser);
  }

  useEffect(() => {
    try {
      if (user) localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
      else localStorage.removeItem(STORAGE_KEYS.currentUser);
    } catch {
      // Storage can be unavailable (private mode); the session cookie is what counts.
    }
  }, [user]);

  const refresh = useCallback(async () => {
    const next = await api<UserJson>("/api/auth/").catch(() => null);
    setUser(next);
    return next;
  }, [setUser]);

  const logout = useCallback(async () => {
    await api("/api/auth/logout").catch(() => undefined);
    setUser(null);
  }, [setUser]);

  const value = useMemo(() => ({ user, setUser, refresh, logout }), [user, setUser, refresh, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
