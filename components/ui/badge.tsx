import type { ReactNode } from "react";
import styles from "./badge.module.css";

/** A small status pill; the text says the status, the colour only repeats it. */
export function Badge({ tone = "neutral", children }: { tone?: "success" | "neutral" | "info" | "error"; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
