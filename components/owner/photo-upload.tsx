"use client";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent, type ComponentType, type DragEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { SERVER_FAILURE } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { uploadForm } from "@/lib/client/upload";
import { slotAspect, type PhotoSlot, type Rect } from "@/lib/shared/menu/photo-slots";
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from "@/lib/contract/common/photo-rules";
import type { Words } from "@/lib/i18n/words";
import type { PhotoCropperProps } from "./photo-cropper";
import picker from "@/components/ui/file-picker.module.css";
import styles from "./photo-upload.module.css";

type Stage =
  | { state: "idle" }
  | { state: "cropping"; file: File; preview: string }
  | { state: "uploading"; file: File; preview: string; percent: number }
  | { state: "done" }
  | { state: "failed"; error: string };

export type PhotoUploadProps = {
  /** banner: a restaurant's; dish: a menu item's. */
  slot: PhotoSlot;
  /** The saved restaurant or dish; unset while it is being created (the upload needs a record to point at the photo). */
  id?: number;
  /** The record already points at the new photo: the form's field follows. */
  onUploaded: (path: string) => void;
  /** Its words (the catalogue's menus.photo), from the server. */
  words: Words<"menus">["photo"];
};

const noSubscription = () => () => {};

type Answer = { restaurant?: { storeImage: string }; food_image?: string };

/** The checks the browser can make before sending; the server checks the bytes. */
function photoError(file: File, w: Words<"menus">["photo"]): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return w.notImage;
  if (file.size > MAX_PHOTO_BYTES) return w.tooLarge;
  return null;
}

/**
 * "Upload a photo": drop a file or choose one, frame it in a crop at the slot's aspect (banner
 * 16:7, dish 4:3), then upload with a progress bar. The cropper (react-easy-crop) loads only once
 * a file is chosen. The server stores the photo and points the record at it in one step.
 */
export default function PhotoUpload({ slot, id: recordId, onUploaded, words: w }: PhotoUploadProps) {
  const [stage, setStage] = useState<Stage>({ state: "idle" });
  // The server renders the control; until this code runs, a chosen file would go unnoticed.
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [Cropper, setCropper] = useState<ComponentType<PhotoCropperProps> | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useApiAction(
    (url: string, form: FormData) =>
      uploadForm<Answer>("PUT", url, form, (percent) => setStage((current) => (current.state === "uploading" ? { ...current, percent } : current))),
    {
      // A dish's answer carries its restaurant too: read the slot's own field.
      onSuccess: (answer) => {
        onUploaded((slot === "banner" ? answer.restaurant?.storeImage : answer.food_image) ?? "");
        setStage({ state: "done" });
      },
      onError: (failure) => setStage({ state: "failed", error: failure.errors.photo ?? failure.errors.crop ?? failure.message }),
    },
  );
  const area = useRef<Rect | null>(null);
  const id = useId();
  const preview = stage.state === "cropping" || stage.state === "uploading" ? stage.preview : undefined;

  // A blob: URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function take(file: File | undefined) {
    if (!file || stage.state === "uploading") return;
    const error = photoError(file, w);
    if (error) return setStage({ state: "failed", error });
    area.current = null;
    if (!Cropper) {
      import("./photo-cropper").then(
        (module) => setCropper(() => module.PhotoCropper),
        () => setStage({ state: "failed", error: SERVER_FAILURE }),
      );
    }
    setStage({ state: "cropping", file, preview: URL.createObjectURL(file) });
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    input.value = "";
    take(file);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  }

  async function send() {
    if (stage.state !== "cropping") return;
    const form = new FormData();
    form.append("photo", stage.file);
    const crop = area.current;
    if (crop) for (const [key, value] of Object.entries(crop)) form.append(key, String(Math.round(value)));
    setStage({ ...stage, state: "uploading", percent: 0 });
    await upload.run(slot === "banner" ? `/api/manage/${recordId}/photo` : `/api/menu-items/${recordId}/photo`, form);
  }

  if (recordId === undefined) {
    return <p className={picker.hint}>{slot === "banner" ? w.createRestaurantFirst : w.createDishFirst}</p>;
  }
  const busy = stage.state === "uploading";
  const framing = stage.state === "cropping" || busy;
  const describedBy = `${id}-hint${stage.state === "failed" ? ` ${id}-error` : ""}`;
  return (
    <div className={styles.upload}>
      {framing ? (
        <div className={styles.cropFrame} style={{ aspectRatio: String(slotAspect(slot)) }} aria-busy={busy}>
          {Cropper ? (
            <Cropper image={stage.preview} aspect={slotAspect(slot)} onArea={(rect) => (area.current = rect)} disabled={busy} words={w} />
          ) : (
            <p className={styles.loading}>{w.loadingPreview}</p>
          )}
        </div>
      ) : (
        <div
          className={`${styles.drop} ${dragging ? styles.dragging : ""}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <input
            id={id}
            type="file"
            accept={PHOTO_TYPES.join(",")}
            className={picker.input}
            onChange={choose}
            disabled={!ready}
            aria-describedby={describedBy}
            aria-invalid={stage.state === "failed" ? true : undefined}
          />
          <label htmlFor={id} className={picker.button}>
            {w.upload}
          </label>
          <span className={styles.dropText} aria-hidden="true">
            {w.drop}
          </span>
        </div>
      )}
      <p id={`${id}-hint`} className={picker.hint}>
        {framing ? (slot === "banner" ? w.frameBanner : w.frameDish) : w.types}
      </p>
      {framing && (
        <div className={styles.actions}>
          <button type="button" className={buttonClass()} onClick={send} disabled={busy || !Cropper}>
            {busy ? w.uploading : w.uploadThis}
          </button>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setStage({ state: "idle" })} disabled={busy}>
            {w.cancel}
          </button>
        </div>
      )}
      {busy && (
        <div className={`${picker.progress} ${styles.progress}`}>
          <progress max={100} value={stage.percent} aria-label={w.progress} />
          <span aria-hidden="true">{stage.percent}%</span>
        </div>
      )}
      <p role="status" className={styles.status}>
        {stage.state === "done" ? w.done : busy ? w.uploadingStatus : ""}
      </p>
      {stage.state === "failed" && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {stage.error}
        </p>
      )}
    </div>
  );
}
