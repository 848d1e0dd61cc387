import "server-only";
import type { Metadata } from "next";
import { absoluteUrl } from "@/lib/shared/web/structured-data";
import { config } from "../platform/config";

/** The public origin absolute URLs start with: PUBLIC_ORIGIN, else this server's own (lib/edge/load-config.ts `linkOrigin`). */
export const publicOrigin = (): string => config().linkOrigin;

/**
 * A public page's canonical URL, Open Graph and Twitter card tags, all absolute on the public
 * origin (never the request's Host: catalog pages are replayed to everyone). `image` is an
 * absolute photo URL (structured-data.ts `photoUrl`), or none.
 */
export function publicPageMetadata({
  title,
  description,
  path,
  image,
  type = "website",
}: {
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "article";
}): Metadata {
  const url = absoluteUrl(publicOrigin(), path);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { type, siteName: "Nosh", title, description, url, ...(image ? { images: [{ url: image, alt: title }] } : {}) },
    twitter: { card: image ? "summary_large_image" : "summary", title, description, ...(image ? { images: [image] } : {}) },
  };
}
