"use client";
import type { MenuItemJson } from "@/lib/server/menu/menu-items";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { HeartButton } from "./heart-button";
import { useLikes } from "./use-likes";
import styles from "./item-detail.module.css";

/** The item page's heart with the real number of people who favour the dish (`words`: the catalogue's dish.favorite). */
export function FavoriteControl({ item, words }: { item: Pick<MenuItemJson, "id" | "likes" | "likeCount">; words: Words<"dish">["favorite"] }) {
  const { liked, count, pending, toggle } = useLikes(item);
  return (
    <div className={styles.favorite}>
      <HeartButton liked={liked} pending={pending} onToggle={() => void toggle()} labels={words} />
      {/* Nothing for nobody ("0 people love this" reads as a warning). */}
      <p className={styles.loves} aria-live="polite">
        {count > 0 ? fill(count === 1 ? words.lovedOne : words.lovedMany, { count }) : ""}
      </p>
    </div>
  );
}
