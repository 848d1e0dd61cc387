"use client";
import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from "react";
import { api } from "@/lib/client/api";
import { STORAGE_KEYS } from "@/lib/shared/constants";
import { SESSION_HOLE_ID, SIGNED_IN_ATTRIBUTE } from "@/lib/shared/session-hole";
import type { UserJson } from "@/lib/server/users";

// The signed-in user on the client; the spec's `currentUser` local-storage key mirrors it. A
// page rendered for a signed-in visitor brings its user (no flash of the signed-out shell). A
// page rendered without one may be a catalog page replayed by server.mjs to a signed-in visitor
// (docs/architecture.md "Shared answers"): its user is then in the page's session hole, read
// once the page has hydrated (the render right after hydration). Until then `known` is false:
// "not known yet" is not "signed out", so nothing acts on a sign-out that did not happen (the
// cart's login/logout rules, the local-storage mirror).

type SessionContextValue = {
  user: UserJson | null;
  /** False until the page's session hole has been read (user null meanwhile). */
  known: boolean;
  setUser: (user: UserJson | null) => void;
  refresh: () => Promise<UserJson | null>;
  logout: () => Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

type Known = { user: UserJson | null };
/** The page's session hole, read once per document (a replayed page's user; none: signed out). */
let pageHole: Known | null = null;
function readPageHole(): Known {
  if (!pageHole) {
    let user: UserJson | null = null;
    try {
      user = JSON.parse(document.getElementById(SESSION_HOLE_ID)?.textContent ?? "null") as UserJson | null;
    } catch {
      // Not a user: the page stays signed out.
    }
    pageHole = { user };
  }
  return pageHole;
}

export function SessionProvider({ initialUser, children }: { initialUser: UserJson | null; children: ReactNode }) {
  // The user this client was given (a render with a user, sign-in, sign-out, refresh); null: none yet.
  const [own, setOwn] = useState<Known | null>(initialUser ? { user: initialUser } : null);
  // Otherwise the page's hole: unknown on the server and while hydrating, read right after, in a
  // transition: every consumer of the session (the top bar, the cart, each card's controls)
  // renders again for it, and a transition's render yields to the browser every few
  // milliseconds where a store update (useSyncExternalStore) renders in one blocking task
  // (docs/performance.md, "Work after hydration").
  const [hole, setHole] = useState<Known | null>(null);
  useEffect(() => startTransition(() => setHole(readPageHole())), []);
  const known = own !== null || hole !== null;
  const user = own ? own.user : (hole?.user ?? null);
  const setUser = useCallback((next: UserJson | null) => setOwn({ user: next }), []);
  // A server render after router.refresh() brings a new initial user: adopt it.
  const [seenInitial, setSeenInitial] = useState(initialUser);
  if (initialUser !== seenInitial) {
    setSeenInitial(initialUser);
    setOwn({ user: initialUser });
  }

  // The pre-hydration look (signed-out controls hidden) ends with the render that knows the
  // user, and the hole goes (read once; a sign-out must leave no user in the page).
  useLayoutEffect(() => {
    if (!known) return;
    document.body.removeAttribute(SIGNED_IN_ATTRIBUTE);
    document.getElementById(SESSION_HOLE_ID)?.remove();
  }, [known]);

  useEffect(() => {
    if (!known) return;
    try {
      if (user) localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
      else localStorage.removeItem(STORAGE_KEYS.currentUser);
    } catch {
      // Storage can be unavailable (private mode); the session cookie is what counts.
    }
  }, [user, known]);

  const refresh = useCallback(async () => {
    const next = await api<UserJson>("/api/auth/").catch(() => null);
    setUser(next);
    return next;
  }, [setUser]);

  const logout = useCallback(async () => {
    await api("/api/auth/logout").catch(() => undefined);
    setUser(null);
  }, [setUser]);

  const value = useMemo(() => ({ user, known, setUser, refresh, logout }), [user, known, setUser, refresh, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
