import type { Metadata } from "next";
import { FeatureComingSoon } from "@/components/feature-coming-soon";
import { ShopShell } from "@/components/shell/shop-shell";

export const metadata: Metadata = { title: "Feature Coming Soon!" };

// Renders inside the root layout only, so it brings the store shell itself.
export default function NotFound() {
  return (
    <ShopShell>
      <FeatureComingSoon />
    </ShopShell>
  );
}
