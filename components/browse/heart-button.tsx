"use client";
import { IconGlyph } from "@/components/ui/icons";
import { LiveButton } from "@/components/ui/live-button";
import styles from "./heart-button.module.css";

type HeartButtonProps = {
  liked: boolean;
  pending?: boolean;
  /** Not yet able to toggle (its code is still loading): it waits, as it does until React owns the page. */
  disabled?: boolean;
  onToggle: () => void;
  /** The dish's name element, read after the button's name in lists of cards. */
  describedBy?: string;
  size?: "small" | "large";
  className?: string;
  /** What the button is named when not pressed and when pressed ("Add to favorites", from the page's words). */
  labels: { add: string; remove: string };
};

/** The favourite toggle: a pressed/unpressed button named for what pressing it does. */
export function HeartButton({ liked, pending, disabled, onToggle, describedBy, size = "large", className, labels }: HeartButtonProps) {
  return (
    <LiveButton
      disabled={disabled}
      className={`${styles.heart} ${styles[size]} ${className ?? ""}`}
      aria-pressed={liked}
      aria-label={liked ? labels.remove : labels.add}
      aria-describedby={describedBy}
      aria-busy={pending || undefined}
      onClick={onToggle}
    >
      <IconGlyph name="heart" size={size === "large" ? 26 : 20} className={liked ? styles.on : undefined} />
    </LiveButton>
  );
}
