"use client";
import { lazy, Suspense, useState, type ChangeEvent } from "react";
import { FoodPhoto } from "@/components/browse/food-photo";
import { TextField } from "@/components/ui/text-field";
import type { DemoPhoto } from "@/lib/shared/demo/demo-photos";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import type { PhotoUploadProps } from "./photo-upload";
import styles from "./owner-form.module.css";

// The upload control (drop zone, crop preview, progress) arrives after the page's code: the
// server renders the field around it, and the cropper itself loads only once a file is chosen.
const PhotoUpload = lazy(() => import("./photo-upload"));

type PhotoFieldProps = {
  label: string;
  field: { name: string; value: string; error?: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; onBlur: () => void };
  onPick: (file: string) => void;
  /** lib/shared/demo/demo-photos.ts's list, passed down by the server page so it is not in the page's JavaScript. */
  demoPhotos: readonly DemoPhoto[];
  /** What an uploaded photo is for: the restaurant's banner or the dish, with its id once saved. */
  upload: Omit<PhotoUploadProps, "onUploaded" | "words">;
  /** Its words and the upload's (the catalogue's menus.photo), from the server. */
  words: Words<"menus">["photo"];
};

/**
 * A photo of the owner's own (uploaded and cropped: photo-upload.tsx; a saved record only, as the
 * upload points the record at the photo in the same step), an image URL with a live preview, or
 * one of the demo photos picked from a grid.
 */
export function PhotoField({ label, field, onPick, demoPhotos, upload, words: w }: PhotoFieldProps) {
  const picked = demoPhotos.find((photo) => photo.file === field.value);
  // Open at first when there is no photo yet or a demo one is chosen; then the user decides.
  const [openAtFirst] = useState(!field.value || Boolean(picked));
  return (
    <div className={styles.photoField}>
      <div className={styles.photoRow}>
        <div className={styles.preview}>
          <FoodPhoto src={field.value} alt={picked ? fill(w.previewOf, { dish: picked.dish }) : w.preview} sizes="160px" />
        </div>
        <TextField label={label} inputMode="url" autoComplete="off" placeholder={w.urlPlaceholder} hint={w.urlHint} className={styles.grow} {...field} />
      </div>
      <Suspense fallback={null}>
        <PhotoUpload {...upload} onUploaded={onPick} words={w} />
      </Suspense>
      <details className={styles.picker} open={openAtFirst}>
        <summary className={styles.pickerSummary}>{w.choose}</summary>
        <div role="radiogroup" aria-label={w.ours} className={styles.pickerGrid}>
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
