"use client";
import { useEffect, useSyncExternalStore } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { STORAGE_KEYS } from "@/lib/shared/constants";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";

// Favourites on the client. The server's likes[] is the truth a page is rendered with; the
// spec's "likedItems" local-storage list mirrors it. Toggles made in this tab are kept in
// memory too, so a page restored from the router cache (Back) does not show a stale heart.

export const LOGIN_TO_FAVORITE_MESSAGE = "You must be logged in to add items to the favorites";
const FAVORITE_FAILED_MESSAGE = "Could not update your favorites. Please try again.";

type LikeState = { liked: boolean; count: number };
type Likeable = Pick<MenuItemJson, "id" | "likes" | "likeCount">;

/** Keyed "userId:itemId", so one account's toggles never show for another after a re-login. */
const toggled = new Map<string, LikeState>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function remember(key: string, state: LikeState) {
  toggled.set(key, state);
  listeners.forEach((listener) => listener());
}

/** The ids in local storage (a JSON array; anything else counts as empty). */
export function readLikedIds(): Set<number> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.likedItems) ?? "[]");
    return new Set(Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

function mirror(id: number, liked: boolean) {
  const ids = readLikedIds();
  if (ids.has(id) === liked) return;
  if (liked) ids.add(id);
  else ids.delete(id);
  try {
    localStorage.setItem(STORAGE_KEYS.likedItems, JSON.stringify([...ids]));
  } catch {
    // Storage can be unavailable (private mode); the server keeps the like.
  }
}

/** One item's heart: liked state, the real like count, and an optimistic toggle. */
export function useLikes(item: Likeable) {
  const { user } = useSession();
  const { show } = useAlerts();
  const fromServer: LikeState = { liked: user ? item.likes.includes(user.id) : false, count: item.likeCount };
  const key = `${user?.id ?? "guest"}:${item.id}`;
  const local = useSyncExternalStore(
    subscribe,
    () => toggled.get(key),
    () => undefined,
  );
  const state = user ? (local ?? fromServer) : fromServer;

  // On mount, local storage is brought in line with the server's answer for this user.
  useEffect(() => {
    if (user && !toggled.has(`${user.id}:${item.id}`)) mirror(item.id, item.likes.includes(user.id));
  }, [user, item.id, item.likes]);

  // The call, on the state before the click (this render's): refused or failed, that state comes back.
  const liking = useApiAction(() => api<MenuItemJson>(`/api/menu-items/${item.id}/like`, { method: "POST" }), {
    onError: (failure) => {
      remember(key, state);
      mirror(item.id, state.liked);
      show(failure.status === 401 ? LOGIN_TO_FAVORITE_MESSAGE : FAVORITE_FAILED_MESSAGE, "error");
    },
  });
  const pending = liking.busy;

  /** Resolves to the new liked state, or null when nothing changed. */
  const toggle = async (): Promise<boolean | null> => {
    if (!user) {
      show(LOGIN_TO_FAVORITE_MESSAGE, "error");
      return null;
    }
    if (pending) return null;
    const before = state;
    const optimistic = { liked: !before.liked, count: Math.max(0, before.count + (before.liked ? -1 : 1)) };
    remember(key, optimistic);
    mirror(item.id, optimistic.liked);
    const updated = await liking.run();
    if (!updated) return null;
    const truth = { liked: updated.likes.includes(user.id), count: updated.likeCount };
    remember(key, truth);
    mirror(item.id, truth.liked);
    return truth.liked;
  };

  return { liked: state.liked, count: state.count, pending, toggle };
}
