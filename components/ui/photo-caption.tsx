import Link from "@/components/ui/link";
import { photoAttribution, photoCreditFor } from "@/lib/shared/demo/photo-credits";
import { getT } from "@/lib/i18n/translate";
import { IconGlyph } from "./icons";
import styles from "./photo-caption.module.css";

/**
 * A large photo's attribution (CC BY-SA photos need one) behind an info button over its corner;
 * it opens to the credit, which links to /credits. A native <details>: no client code.
 */
export async function PhotoCaption({ src, className }: { src: string; className?: string }) {
  const credit = photoCreditFor(src);
  if (!credit) return null;
  const t = await getT("profile");
  return (
    <details className={`${styles.credit} ${className ?? ""}`}>
      <summary className={styles.button}>
        <IconGlyph name="info" size={18} />
        <span className="sr-only">{t("photo.credit")}</span>
      </summary>
      <Link href="/credits" className={styles.caption}>
        {photoAttribution(credit)}
      </Link>
    </details>
  );
}
