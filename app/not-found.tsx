import type { Metadata } from "next";
import { FeatureComingSoon } from "@/components/feature-coming-soon";

export const metadata: Metadata = { title: "Feature Coming Soon!" };

// Unknown paths render inside the store layout ((shop)/[...missing] and (shop)/not-found.tsx).
// This root boundary only catches a notFound() outside the store group (none today), so it
// brings no shell and no next/link: Next ships its client code with every route, checkout
// included, where it would not share a chunk with the route's own (Turbopack duplicates it).
export default function NotFound() {
  return (
    <main id="main">
      <FeatureComingSoon />
    </main>
  );
}
