"use client";
import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { api } from "@/lib/client/api";
import { STORAGE_KEYS } from "@/lib/shared/web/storage-keys";
import { SESSION_HOLE_ID, SIGNED_IN_ATTRIBUTE } from "@/lib/shared/web/session-hole";
import type { UserJson } from "@/lib/server/accounts/users";

// The signed-in user on the client; the spec's `currentUser` local-storage key mirrors it. A
// page rendered for a signed-in visitor brings its user (no flash of the signed-out shell). A
// page rendered without one may be a catalog page replayed by the host (server/) to a signed-in visitor
// (docs/architecture/catalog-and-caching.md "Shared answers"): its user is then in the page's session hole, read
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
const noSubscription = () => () => undefined;
/**
 * What the hydrating render may assume: a page without a session hole was rendered for whoever
 * reads it (a signed-out visitor, or a page that brought its user), so the hole's answer (no
 * user) is the server's own and the render right after hydration has nothing to change: every
 * session consumer would otherwise render again in one blocking task (useSyncExternalStore's
 * updates are never time-sliced; docs/log/performance.md, "Work after hydration"). With a hole, or
 * on the server, unknown until read.
 */
function hydratingHole(): Known | null {
  return typeof document === "undefined" || document.getElementById(SESSION_HOLE_ID) ? null : readPageHole();
}

export function SessionProvider({ initialUser, children }: { initialUser: UserJson | null; children: ReactNode }) {
  // The user this client was given (a render with a user, sign-in, sign-out, refresh); null: none yet.
  const [own, setOwn] = useState<Known | null>(initialUser ? { user: initialUser } : null);
  // Otherwise the page's hole: unknown on the server and, on a page with a hole, while hydrating;
  // read right after.
  const hole = useSyncExternalStore(noSubscription, readPageHole, hydratingHole);
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

  // A re-read (the wallet's balance at checkout, after a refund) usually answers the same user:
  // then the state is kept, so no consumer renders again; a change renders in a transition, in
  // slices that yield to the browser (a new user object re-rendered every session and cart
  // consumer in one blocking task of /checkout's first seconds: docs/log/performance.md, "Phones again").
  const refresh = useCallback(async () => {
    const next = await api<UserJson>("/api/auth/").catch(() => null);
    startTransition(() => setOwn((current) => (current && JSON.stringify(current.user) === JSON.stringify(next) ? current : { user: next })));
    return next;
  }, []);

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
