import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { FeatureComingSoon } from "@/components/feature-coming-soon";

export const metadata: Metadata = { title: "Feature Coming Soon!" };

// Unknown paths ([...missing]) and missing records (notFound() in the store's pages), inside
// the store layout and its shell.
export default function NotFound() {
  return <FeatureComingSoon link={Link} />;
}
