"use client";
import { useEffect, useSyncExternalStore } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { RestaurantHeartButton, type HeartProps } from "./restaurant-heart-button";

// The heart on a restaurant's card and page. Catalog pages are the same for
// everyone, so the signed-in customer's favourite restaurants are read once per tab
// (GET /api/favorites/restaurants, up to 100) and shared by every heart on the page.

let loadedFor: number | null = null;
let favorites = new Set<number>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const notify = () => listeners.forEach((listener) => listener());

function load(userId: number) {
  if (loadedFor === userId) return;
  loadedFor = userId;
  favorites = new Set();
  api<{ id: number }[]>("/api/favorites/restaurants?limit=100")
    .then((rows) => {
      if (loadedFor !== userId) return;
      favorites = new Set([...favorites, ...rows.map((row) => row.id)]);
      notify();
    })
    .catch(() => {
      loadedFor = null;
    });
}

function set(id: number, on: boolean) {
  favorites = new Set(favorites);
  if (on) favorites.add(id);
  else favorites.delete(id);
  notify();
}

/** `words`: the catalogue's browse.card.heart, from the server (the card's, or the restaurant page's). Pages show it through LazyRestaurantHeart. */
export function RestaurantHeart({ id, name, size, words }: HeartProps) {
  const { user } = useSession();
  const { show } = useAlerts();
  const known = useSyncExternalStore(
    subscribe,
    () => favorites.has(id),
    () => false,
  );
  useEffect(() => {
    if (user) load(user.id);
  }, [user]);
  const liked = user ? known : false;

  // On a failure the heart goes back as it was: signed out meanwhile (401), the sign-in prompt.
  const favorite = useApiAction((on: boolean) => api<{ favorite: boolean }>(`/api/restaurants/${id}/favorite`, { method: on ? "PUT" : "DELETE" }), {
    onSuccess: (answer) => set(id, answer.favorite),
    onError: (failure) => {
      set(id, liked);
      show(failure.status === 401 ? words.login : words.failed, "error");
    },
  });

  const toggle = () => {
    if (!user) return show(words.login, "error");
    if (favorite.busy) return;
    set(id, !liked);
    void favorite.run(!liked);
  };

  return <RestaurantHeartButton name={name} size={size} words={words} liked={liked} pending={favorite.busy} onToggle={toggle} />;
}
