"use client";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import { lovedBy } from "./format";
import { HeartButton } from "./heart-button";
import { useLikes } from "./use-likes";
import styles from "./item-detail.module.css";

/** The item page's heart with the real number of people who favour the dish. */
export function FavoriteControl({ item }: { item: Pick<MenuItemJson, "id" | "likes" | "likeCount"> }) {
  const { liked, count, pending, toggle } = useLikes(item);
  return (
    <div className={styles.favorite}>
      <HeartButton liked={liked} pending={pending} onToggle={() => void toggle()} />
      <p className={styles.loves} aria-live="polite">
        {lovedBy(count)}
      </p>
    </div>
  );
}
