import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/session";

export const metadata: Metadata = { title: "My reviews" };

export default async function ReviewsPage() {
  await requirePageUser();
  return (
    <div className="container">
      <PageHeader title="My reviews" />
      <EmptyState icon="star" title="No reviews yet!">
        Rate a delivered order to help others choose where to eat.
      </EmptyState>
    </div>
  );
}
