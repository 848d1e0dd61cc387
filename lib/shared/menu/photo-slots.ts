// The places an owner's photo is shown, as the pages lay them out (components/browse/food-photo.tsx):
// every photo has a "card" (4:3, home cards, menu cards, the dish page), an "sm" square
// (thumbnails, at most 120 CSS px) and an "lg" banner (16:7, the restaurant page's hero). The
// demo photos under /images/food come in the same three files; an uploaded photo is stored as
// /uploads/<hash>.webp with <hash>-sm.webp and <hash>-lg.webp beside it, so pages treat both alike.

export type PhotoVariant = "card" | "sm" | "lg";

/** One of our own photos: a seeded one ("/images/food/<name>.webp") or an owner's upload ("/uploads/<hash>.webp"), with its "-sm" or "-lg" sibling. */
export const LOCAL_PHOTO = /^\/(images\/food\/[\w-]+|uploads\/[a-f0-9]{32}(-sm|-lg)?)\.webp$/;

/**
 * Each variant is stored once, at the largest width its slot's srcset can ask /_next/image for
 * (lib/shared/menu/image-sizes.json): the optimizer serves the smaller widths from it and never
 * enlarges, so a smaller master would show blurred on a large screen. Card: a full-width card
 * on a 3x phone (1200); sm: 120 CSS px at 2x (256); lg: the 1152 px banner at 2x (1920).
 */
export const PHOTO_VARIANTS: Record<PhotoVariant, { width: number; height: number }> = {
  card: { width: 1200, height: 900 },
  sm: { width: 256, height: 256 },
  lg: { width: 1920, height: 840 },
};

/** What the owner crops to: a restaurant's banner or a dish's card (the other variants are cut around its centre). */
export type PhotoSlot = "banner" | "dish";
export const SLOT_VARIANT: Record<PhotoSlot, PhotoVariant> = { banner: "lg", dish: "card" };
export const slotAspect = (slot: PhotoSlot) => PHOTO_VARIANTS[SLOT_VARIANT[slot]].width / PHOTO_VARIANTS[SLOT_VARIANT[slot]].height;

export type Rect = { x: number; y: number; width: number; height: number };

/**
 * The rectangle of aspect `aspect` cut from a `width` x `height` picture around `crop`: as tall
 * as the crop (narrowed to fit the picture), centred on the crop's centre, moved inside the
 * picture. A crop already at that aspect and inside the picture comes back unchanged. No crop:
 * the largest centred rectangle.
 */
export function cropFor(picture: { width: number; height: number }, aspect: number, crop?: Rect): Rect {
  let width: number;
  let height: number;
  if (crop) {
    height = crop.height;
    width = height * aspect;
    if (width > picture.width) [width, height] = [picture.width, picture.width / aspect];
    if (height > picture.height) [width, height] = [picture.height * aspect, picture.height];
  } else {
    width = Math.min(picture.width, picture.height * aspect);
    height = width / aspect;
  }
  const area = crop ?? { x: 0, y: 0, ...picture };
  width = Math.max(1, Math.min(picture.width, Math.round(width)));
  height = Math.max(1, Math.min(picture.height, Math.round(height)));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    x: clamp(area.x + area.width / 2 - width / 2, picture.width - width),
    y: clamp(area.y + area.height / 2 - height / 2, picture.height - height),
    width,
    height,
  };
}
