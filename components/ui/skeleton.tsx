import type { CSSProperties } from "react";
import styles from "./skeleton.module.css";

/** A grey placeholder block for loading.tsx screens; decorative (the screen says "Loading"). */
export function Skeleton({ width, height, radius, className }: { width?: string; height?: string; radius?: string; className?: string }) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return <span aria-hidden="true" className={`${styles.skeleton} ${className ?? ""}`} style={style} />;
}

/** The screen reader's side of a skeleton screen. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <p role="status" className="sr-only">
      {label}
    </p>
  );
}
