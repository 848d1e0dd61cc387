import { ReviewsLoading } from "@/components/reviews/reviews-loading";

export default function RestaurantReviewsLoading() {
  return <ReviewsLoading withSummary />;
}
