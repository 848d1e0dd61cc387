import { IconGlyph } from "@/components/ui/icons";
import { Photo } from "@/components/ui/photo";
import { LOCAL_PHOTO } from "@/lib/shared/menu/photo-slots";
import styles from "./food-photo.module.css";

// Seeded photos live under /images/food as "<name>.webp" (640x480 card) with "-sm" (160x160)
// and, for restaurants, "-lg" (1280x560) beside them; owners' uploads under /uploads as
// "<hash>.webp" with the same siblings (lib/shared/menu/photo-slots.ts). Owners may enter any URL,
// which the image optimizer and the CSP would refuse, so those get a neutral placeholder instead.

export type PhotoVariant = "card" | "sm" | "lg";

export function photoSrc(src: string, variant: PhotoVariant): string | null {
  if (!LOCAL_PHOTO.test(src)) return null;
  const base = src.replace(/-(sm|lg)\.webp$/, ".webp");
  return variant === "card" ? base : base.replace(/\.webp$/, `-${variant}.webp`);
}

type FoodPhotoProps = {
  src: string;
  alt: string;
  variant?: PhotoVariant;
  /** The rendered width, for the optimizer's srcset. */
  sizes: string;
  /** Above the fold: load now rather than lazily. */
  eager?: boolean;
  /** The page's hero (its LCP image): preloaded from <head> and fetched with high priority. */
  preload?: boolean;
  className?: string;
};

/** A photo that fills its (positioned, sized) parent. */
export function FoodPhoto({ src, alt, variant = "card", sizes, eager, preload, className }: FoodPhotoProps) {
  const local = photoSrc(src, variant);
  if (!local) {
    return (
      <div className={`${styles.placeholder} ${className ?? ""}`} {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}>
        <IconGlyph name="utensils" size={32} strokeWidth={1.6} />
      </div>
    );
  }
  return (
    <Photo
      src={local}
      alt={alt}
      fill
      sizes={sizes}
      className={`${styles.photo} ${className ?? ""}`}
      loading={eager || preload ? "eager" : "lazy"}
      preload={preload}
      // The preloaded photo is the page's largest paint (a hero): fetch it ahead of the rest.
      fetchPriority={preload ? "high" : undefined}
    />
  );
}
