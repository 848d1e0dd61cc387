"use client";
import { useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import type { Rect } from "@/lib/shared/menu/photo-slots";
import styles from "./photo-upload.module.css";

export type PhotoCropperProps = {
  /** The chosen file, as a blob: URL. */
  image: string;
  aspect: number;
  /** The framed rectangle, in pixels of the upright photo (what the upload sends as x, y, width, height). */
  onArea: (area: Rect) => void;
  disabled?: boolean;
  /** The framing group's name and the slider's label. */
  words: { framing: string; zoom: string };
};

/**
 * The crop preview: react-easy-crop at a fixed aspect (pan by dragging or the arrow keys once
 * focused, zoom by pinch, wheel or the slider). Loaded with import() when a file is chosen, so
 * neither this nor the library is in the form's first-load JavaScript.
 */
export function PhotoCropper({ image, aspect, onArea, disabled, words }: PhotoCropperProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <>
      <Cropper
        image={image}
        aspect={aspect}
        crop={crop}
        zoom={zoom}
        onCropChange={disabled ? () => {} : setCrop}
        onZoomChange={disabled ? () => {} : setZoom}
        onCropComplete={(_percent: Area, pixels: Area) => onArea(pixels)}
        objectFit="cover"
        cropperProps={{ role: "group", "aria-label": words.framing }}
      />
      <label className={styles.zoom}>
        <span>{words.zoom}</span>
        <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.currentTarget.value))} disabled={disabled} />
      </label>
    </>
  );
}
