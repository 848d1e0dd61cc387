import Link from "next/link";
import { photoAttribution, photoCreditFor } from "@/lib/photo-credits";
import styles from "./photo-caption.module.css";

/** The attribution line over a large photo (CC BY-SA photos need one); links to /credits. */
export function PhotoCaption({ src, className }: { src: string; className?: string }) {
  const credit = photoCreditFor(src);
  if (!credit) return null;
  return (
    <Link href="/credits" className={`${styles.caption} ${className ?? ""}`}>
      {photoAttribution(credit)}
    </Link>
  );
}
