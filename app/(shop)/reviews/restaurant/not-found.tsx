import type { Metadata } from "next";
import { RecordNotFound } from "@/components/record-not-found";

export const metadata: Metadata = { title: "Restaurant not found" };

// Beside [id] rather than in it: [id]/layout.tsx settles the restaurant, and a layout's notFound() reaches its parent's boundary.
export default function ReviewsRestaurantNotFound() {
  return (
    <RecordNotFound icon="store" title="Restaurant not found">
      There are no reviews to show: this restaurant is not on Nosh, or its link is mistyped.
    </RecordNotFound>
  );
}
