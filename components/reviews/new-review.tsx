"use client";
import { Suspense } from "react";
import { api, ApiClientError } from "@/lib/client/api";
import type { ReviewableOrder, ReviewJson } from "@/lib/server/reviews/reviews";
import { REVIEW_MESSAGES } from "@/lib/validation/zod-free/review-messages";
import { LazyReviewForm } from "./lazy-review-form";
import type { ReviewFields } from "./review-form";
import styles from "./reviews.module.css";

/** A refusal (4xx) and anything else (network, 5xx) read differently. */
function submitFailure(error: unknown): string {
  return error instanceof ApiClientError && error.status >= 400 && error.status < 500 ? REVIEW_MESSAGES.submitFailed : REVIEW_MESSAGES.error;
}

/** The "Rate your order" card above the list, for one of the viewer's own placed orders. */
export function NewReview({ order, onCreated }: { order: ReviewableOrder; onCreated: (review: ReviewJson) => void }) {
  const create = async (fields: ReviewFields) => {
    const { data } = await api<{ data: ReviewJson }>("/api/reviews/", {
      method: "POST",
      body: {
        restaurant_id: order.restaurantId,
        order_id: order.orderId,
        review: fields.review,
        order_rating: fields.orderRating,
        restaurant_rating: fields.restaurantRating,
      },
    });
    onCreated(data);
  };

  return (
    <section aria-labelledby="rate-order-title" className={styles.compose}>
      <div className={styles.composeHead}>
        <h2 id="rate-order-title" className={styles.sectionTitle}>
          Rate your order
        </h2>
        <p className={styles.meta}>{order.label}</p>
      </div>
      <Suspense fallback={null}>
        <LazyReviewForm submitLabel="Submit review" pendingLabel="Submitting…" onSubmit={create} failureMessage={submitFailure} />
      </Suspense>
    </section>
  );
}
