import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { FeatureComingSoon } from "@/components/feature-coming-soon";

export const metadata: Metadata = { title: "Feature Coming Soon!" };

// Unknown paths ([...missing]), inside the store layout and its shell. A known route's missing
// record has its own page (restaurants/[id], menu-items/[id], orders/[id], reviews/restaurant,
// group/[token]: their not-found.tsx).
export default function NotFound() {
  return <FeatureComingSoon link={Link} />;
}
