import { FoodPhoto } from "@/components/browse/food-photo";
import styles from "./owner-form.module.css";

type FormPreviewProps = { photo: string; title: string; lines: string[]; caption: string };

/**
 * Beside the owner forms on wide screens: the card as customers will see it, updated as the
 * owner types. Decorative for assistive technology, which reads the form itself.
 */
export function FormPreview({ photo, title, lines, caption }: FormPreviewProps) {
  return (
    <aside className={styles.previewPane} aria-hidden="true">
      <p className={styles.previewCaption}>{caption}</p>
      <div className={styles.previewCard}>
        <div className={styles.previewPhoto}>
          <FoodPhoto src={photo} alt="" sizes="320px" />
        </div>
        <div className={styles.previewBody}>
          <p className={styles.previewTitle}>{title}</p>
          {lines.filter(Boolean).map((line, index) => (
            <p key={index} className={styles.previewLine}>
              {line}
            </p>
          ))}
        </div>
      </div>
    </aside>
  );
}
