"use client";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { api, ApiClientError } from "@/lib/client/api";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import { HeartButton } from "./heart-button";
import styles from "./heart-button.module.css";

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

/** `words`: the catalogue's browse.card.heart, from the server (the card's, or the restaurant page's). */
export function RestaurantHeart({ id, name, size = "small", words }: { id: number; name: string; size?: "small" | "large"; words: Words<"browse">["card"]["heart"] }) {
  const { user } = useSession();
  const { show } = useAlerts();
  const [pending, setPending] = useState(false);
  const known = useSyncExternalStore(
    subscribe,
    () => favorites.has(id),
    () => false,
  );
  useEffect(() => {
    if (user) load(user.id);
  }, [user]);
  const liked = user ? known : false;

  const toggle = async () => {
    if (!user) return show(words.login, "error");
    if (pending) return;
    set(id, !liked);
    setPending(true);
    try {
      const answer = await api<{ favorite: boolean }>(`/api/restaurants/${id}/favorite`, { method: liked ? "DELETE" : "PUT" });
      set(id, answer.favorite);
    } catch (error) {
      set(id, liked);
      show(error instanceof ApiClientError && error.status === 401 ? words.login : words.failed, "error");
    } finally {
      setPending(false);
    }
  };

  return (
    <HeartButton
      liked={liked}
      pending={pending}
      onToggle={() => void toggle()}
      size={size}
      className={size === "small" ? styles.onCard : undefined}
      labels={{ add: fill(words.add, { name }), remove: fill(words.remove, { name }) }}
    />
  );
}
