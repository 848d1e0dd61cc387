"use client";
import { Suspense } from "react";
import { api } from "@/lib/client/api";
import type { ApiFailure } from "@/lib/client/use-api-action";
import type { ReviewableOrder, ReviewJson } from "@/lib/server/reviews/reviews";
import type { ReviewWords } from "./review-form";
import { LazyReviewForm } from "./lazy-review-form";
import type { ReviewFields } from "./review-form";
import styles from "./reviews.module.css";

/** The "Rate your order" card above the list, for one of the viewer's own placed orders. */
export function NewReview({ order, onCreated, words }: { order: ReviewableOrder; onCreated: (review: ReviewJson) => void; words: ReviewWords }) {
  // A refusal (4xx) and anything else (network, 5xx) read differently.
  const submitFailure = (failure: ApiFailure): string => (failure.status >= 400 && failure.status < 500 ? words.feed.submitFailed : words.feed.error);
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
          {words.feed.rate}
        </h2>
        <p className={styles.meta}>{order.label}</p>
      </div>
      <Suspense fallback={null}>
        <LazyReviewForm submitLabel={words.feed.submit} pendingLabel={words.feed.submitting} onSubmit={create} failureMessage={submitFailure} words={words.form} />
      </Suspense>
    </section>
  );
}
