import styles from "./button.module.css";

type ButtonLook = {
  variant?: "primary" | "secondary" | "soft" | "ghost";
  size?: "small" | "medium" | "large";
  block?: boolean;
  className?: string;
};

/** Class names for anything that should look like a button (a <button> or a <Link>). */
export function buttonClass({ variant = "primary", size = "medium", block = false, className }: ButtonLook = {}): string {
  return [styles.button, styles[variant], size !== "medium" && styles[size], block && styles.block, className].filter(Boolean).join(" ");
}
