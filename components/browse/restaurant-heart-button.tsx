import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { HeartButton } from "./heart-button";
import styles from "./heart-button.module.css";

export type HeartProps = { id: number; name: string; size?: "small" | "large"; words: Words<"browse">["card"]["heart"] };

/** The heart as a card or a restaurant's page shows it: `liked`, `pending` and `onToggle` are the caller's. */
export function RestaurantHeartButton({
  name,
  size = "small",
  words,
  ...state
}: Omit<HeartProps, "id"> & { liked: boolean; pending: boolean; disabled?: boolean; onToggle: () => void }) {
  return (
    <HeartButton
      {...state}
      size={size}
      className={size === "small" ? styles.onCard : undefined}
      labels={{ add: fill(words.add, { name }), remove: fill(words.remove, { name }) }}
    />
  );
}
