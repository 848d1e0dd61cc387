"use client";
import { useState, type ChangeEvent } from "react";
import { FoodPhoto } from "@/components/browse/food-photo";
import { TextField } from "@/components/ui/text-field";
import type { DemoPhoto } from "@/lib/shared/demo-photos";
import styles from "./owner-form.module.css";

type PhotoFieldProps = {
  label: string;
  field: { name: string; value: string; error?: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; onBlur: () => void };
  onPick: (file: string) => void;
  /** lib/shared/demo-photos.ts's list, passed down by the server page so it is not in the page's JavaScript. */
  demoPhotos: readonly DemoPhoto[];
};

/**
 * An image URL with a live preview, or one of the demo photos picked from a grid. (Uploading
 * a file is not offered here; a URL on the web or a demo photo covers the spec's "valid URL".)
 */
export function PhotoField({ label, field, onPick, demoPhotos }: PhotoFieldProps) {
  const picked = demoPhotos.find((photo) => photo.file === field.value);
  // Open at first when there is no photo yet or a demo one is chosen; then the user decides.
  const [openAtFirst] = useState(!field.value || Boolean(picked));
  return (
    <div className={styles.photoField}>
      <div className={styles.photoRow}>
        <div className={styles.preview}>
          <FoodPhoto src={field.value} alt={picked ? `Preview: ${picked.dish}` : "Preview of the image"} sizes="160px" />
        </div>
        <TextField
          label={label}
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          hint="An https:// address, or one of our photos below"
          className={styles.grow}
          {...field}
        />
      </div>
      <details className={styles.picker} open={openAtFirst}>
        <summary className={styles.pickerSummary}>Choose one of our photos</summary>
        <div role="radiogroup" aria-label="Our photos" className={styles.pickerGrid}>
          {demoPhotos.map((photo) => (
            <label key={photo.file} className={styles.option}>
              <input
                type="radio"
                name={`${field.name}-demo`}
                value={photo.file}
                checked={field.value === photo.file}
                onChange={() => onPick(photo.file)}
                className="sr-only"
              />
              <span className={styles.optionPhoto} aria-hidden="true">
                <FoodPhoto src={photo.file} alt="" variant="sm" sizes="96px" />
              </span>
              <span className={styles.optionName}>{photo.dish}</span>
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
