import type { MetadataRoute } from "next";
import { SERVICE_WORKER_PATHS } from "@/lib/shared/web/service-worker";

// The web app manifest (/manifest.webmanifest, linked from every page's <head> by Next.js): what a
// browser needs to offer "Install Nosh" (docs/architecture/offline-app.md). The colours are
// app/globals.css's --color-brand (also the viewport's theme colour in app/layout.tsx) and
// --color-surface; the icons are made from app/icon.svg by scripts/make-icons.mjs (the 192 px one
// is also the push notifications' icon, so its path is shared with the worker).
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "Nosh — food delivery from local restaurants",
    short_name: "Nosh",
    description: "Order delivery from the best local restaurants near you.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#c8290f",
    background_color: "#ffffff",
    categories: ["food", "shopping"],
    icons: [
      { src: SERVICE_WORKER_PATHS.appIcon, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
