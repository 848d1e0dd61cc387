import type { NextConfig } from "next";
import { getImageProps } from "next/image";
import { describe, expect, it } from "vitest";
import { imageConfigDefault } from "next/dist/shared/lib/image-config";
import configuredWidths from "@/lib/shared/menu/image-sizes.json";
import { photoProps, type PhotoOptions } from "./photo";

// <Photo> renders next/image's <img> without next/image's client code (see photo.tsx): these
// pin it to what next/image itself produces, so a Next upgrade that changes the srcset, the
// optimizer URL or the attributes fails here.

// next.config.mjs has no type declarations; the cast names what it exports.
const { default: nextConfig } = (await import("../../next.config.mjs" as string)) as { default: NextConfig };

const cases: PhotoOptions[] = [
  { src: "/images/food/pasta.webp", alt: "Pasta", fill: true, sizes: "100vw", loading: "eager", fetchPriority: "high" },
  { src: "/images/food/pasta-hero.webp", alt: "The hero", fill: true, sizes: "100vw", preload: true, fetchPriority: "high" },
  { src: "/images/food/pasta-lg.webp", alt: "", fill: true, sizes: "(min-width: 1200px) 1152px, 100vw" },
  { src: "/images/food/pasta.webp", alt: "A dish", fill: true, sizes: "(min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw", className: "photo" },
  { src: "/images/food/pasta-sm.webp", alt: "", fill: true, sizes: "88px" },
  { src: "/images/food/pasta-sm.webp", alt: "", width: 56, height: 56, className: "thumb" },
  { src: "/images/food/pasta-sm.webp", alt: "", width: 72, height: 72 },
  { src: "/images/food/a b&c.webp", alt: "odd name", width: 400, height: 300, loading: "eager" },
];

const defined = (props: object) => Object.fromEntries(Object.entries(props).filter(([key, value]) => value !== undefined && key !== "data-nimg"));

describe("photoProps", () => {
  // Outside a build getImageProps sees Next's default widths; the same algorithm under our
  // widths is what the optimizer is configured with (next.config.mjs reads the same file).
  const defaults = { deviceSizes: imageConfigDefault.deviceSizes, imageSizes: imageConfigDefault.imageSizes };
  it.each(cases)("matches next/image's getImageProps for %o", (options) => {
    expect(defined(photoProps(options, defaults))).toEqual(defined(getImageProps(options).props));
  });

  it("uses the widths next.config.mjs gives the optimizer, and Next's default quality and loader", () => {
    const images: Record<string, unknown> = nextConfig.images ?? {};
    expect({ deviceSizes: images.deviceSizes, imageSizes: images.imageSizes }).toEqual(configuredWidths);
    for (const key of ["qualities", "path", "loader", "loaderFile", "unoptimized"]) expect(images[key]).toBeUndefined();
    const srcSet = photoProps({ src: "/images/food/pasta.webp", alt: "", fill: true, sizes: "100vw" }).srcSet;
    expect(srcSet.match(/w=(\d+)/g)).toEqual(configuredWidths.deviceSizes.map((w) => `w=${w}`));
  });

  it("marks filled and sized photos as next/image does", () => {
    expect(photoProps(cases[0]!)["data-nimg"]).toBe("fill");
    expect(photoProps(cases[5]!)["data-nimg"]).toBe("1");
  });
});
