import { ReviewsLoading } from "@/components/reviews/reviews-loading";

export default function MyReviewsLoading() {
  return <ReviewsLoading withSummary={false} />;
}
