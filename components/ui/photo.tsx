import type { CSSProperties } from "react";
import { preload as preloadImage } from "react-dom";
import configuredWidths from "@/lib/shared/menu/image-sizes.json";

// next/image's <Image> is a client component: wherever it renders, even from a server
// component, about 5 KB gzip of its client code (the component, its config context, loader,
// blur placeholder, <head> handling) joins the page's first-load JavaScript. Our photos use
// none of what that code does in the browser (no blur placeholder, no onLoad, no custom
// loader), so this renders the same <img> as <Image> does, through the same optimizer
// (/_next/image), from a few lines that work in server and client components alike.
//
// The widths come from lib/shared/menu/image-sizes.json, which next.config.mjs gives the optimizer too
// (/_next/image refuses a width it was not configured with); the quality is Next's default.
// photo.test.ts compares this module's output with next/image's getImageProps (under Next's
// default widths, the only ones getImageProps sees outside a build), so a Next upgrade that
// changes the srcset, the optimizer URL or the attributes fails there rather than in the browser.

export type ImageWidths = { deviceSizes: number[]; imageSizes: number[] };
const QUALITY = 75;

const optimized = (src: string, width: number) => `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${QUALITY}`;

/** The candidate widths, as next/image picks them: `w` descriptors with `sizes`, else 1x/2x. */
function widthsFor(width: number | undefined, sizes: string | undefined, config: ImageWidths): { widths: number[]; kind: "w" | "x" } {
  const all = [...config.deviceSizes, ...config.imageSizes].sort((a, b) => a - b);
  if (sizes) {
    const percents = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((match) => parseInt(match[2]!, 10));
    if (!percents.length) return { widths: all, kind: "w" };
    const smallest = Math.min(...percents) * 0.01;
    return { widths: all.filter((size) => size >= config.deviceSizes[0]! * smallest), kind: "w" };
  }
  if (width === undefined) return { widths: config.deviceSizes, kind: "w" };
  const pick = (w: number) => all.find((size) => size >= w) ?? all[all.length - 1]!;
  return { widths: [...new Set([pick(width), pick(width * 2)])], kind: "x" };
}

const FILL_STYLE: CSSProperties = { position: "absolute", height: "100%", width: "100%", left: 0, top: 0, right: 0, bottom: 0, color: "transparent" };
const SIZED_STYLE: CSSProperties = { color: "transparent" };

export type PhotoOptions = {
  src: string;
  alt: string;
  /** Fill the (positioned, sized) parent; otherwise give `width` and `height`. */
  fill?: boolean;
  width?: number;
  height?: number;
  /** The rendered width, for the srcset (required with `fill`). */
  sizes?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  className?: string;
  /** The page's hero (its LCP image): never lazy, and preloaded from <head> by <Photo>. */
  preload?: boolean;
};

/** The <img> attributes next/image renders for these options, in its order (loading before src: Safari). */
export function photoProps(
  { src, alt, fill = false, width, height, sizes, loading, fetchPriority, className, preload = false }: PhotoOptions,
  config: ImageWidths = configuredWidths,
) {
  const { widths, kind } = widthsFor(fill ? undefined : width, sizes, config);
  return {
    alt,
    // As next/image: a preloaded photo is not lazy (a lazy LCP image waits for layout).
    loading: preload ? loading : (loading ?? "lazy"),
    fetchPriority,
    width: fill ? undefined : width,
    height: fill ? undefined : height,
    decoding: "async" as const,
    "data-nimg": fill ? "fill" : "1",
    className,
    style: fill ? FILL_STYLE : SIZED_STYLE,
    sizes: !sizes && kind === "w" ? "100vw" : sizes,
    srcSet: widths.map((w, i) => `${optimized(src, w)} ${kind === "w" ? w : i + 1}${kind}`).join(", "),
    src: optimized(src, widths[widths.length - 1]!),
  };
}

/**
 * A photo through Next's image optimizer. `preload` puts a <link rel="preload"> for it in the
 * <head> (the page's LCP hero), as <Image preload> does.
 */
export function Photo(options: PhotoOptions) {
  const props = photoProps(options);
  if (options.preload) {
    preloadImage(props.src, { as: "image", imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: options.fetchPriority });
  }
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- the alt is in props
  return <img {...props} />;
}
