"use client";
import { useLinkStatus } from "@/components/ui/link";
import styles from "./cuisine-chips.module.css";

/** A small spinner inside a <Link> while the page it opens is on its way. */
export function PendingHint() {
  const { pending } = useLinkStatus();
  return pending ? <span aria-hidden="true" className={styles.pending} /> : null;
}
