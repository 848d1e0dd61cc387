import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Restaurants near you" };

// The restaurant list arrives with the next issue; the grid area is ready for it.
export default function HomePage() {
  return (
    <div className="container">
      <PageHeader title="Restaurants near you" />
      <section aria-label="Restaurants" />
    </div>
  );
}
