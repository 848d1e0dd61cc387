"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { ShowMore } from "@/components/browse/show-more";
import { IconGlyph } from "@/components/ui/icons";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { ReviewableOrder, ReviewJson } from "@/lib/server/reviews/reviews";
import type { Locale } from "@/lib/i18n/locale";
import type { ReviewWords } from "./review-form";
import type { ReviewPage } from "./format";
import { NewReview } from "./new-review";
import { ReviewCard } from "./review-card";
import { useReviewList, type ReviewSource } from "./use-review-list";
import cardStyles from "./review-card.module.css";
import styles from "./reviews.module.css";

// The delete confirmation loads on first use (not needed to show the reviews).
const DeleteReviewDialog = lazy(() => import("./delete-review-dialog").then((m) => ({ default: m.DeleteReviewDialog })));

type ReviewFeedProps = {
  source: ReviewSource;
  first: ReviewPage;
  /** The signed-in viewer: their own reviews get Edit and Delete. */
  viewerId: number | null;
  /** An order of the viewer's that may be reviewed here: the form is shown above the list. */
  reviewable?: ReviewableOrder | null;
  title: string;
  hideTitle?: boolean;
  empty: ReactNode;
  /** The viewer owns the restaurant: each card offers the owner's reply. */
  ownerView?: boolean;
  /** The reviews' words (browse.reviews) and the dates' language, from the server. */
  words: ReviewWords;
  locale: Locale;
};

/**
 * A paged list of review cards with the author's edit and delete, and on a restaurant's page
 * the form for the viewer's order. Every change refreshes the server parts of the page (the
 * rating summary, whether the order still needs a review).
 */
export function ReviewFeed({ source, first, viewerId, reviewable, title, hideTitle = false, empty, ownerView = false, words, locale }: ReviewFeedProps) {
  const router = useRouter();
  const list = useReviewList(source, first, words.feed.failed);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<ReviewJson | null>(null);
  const deleteLoaded = useOpenedOnce(deleting !== null);
  const focusTarget = useRef<"banner" | "title" | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The control that had focus is gone (the form after submitting, a deleted card): move focus
  // to what replaced it. Runs after the dialog's own effect has closed it and restored focus.
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    (target === "banner" ? bannerRef : titleRef).current?.focus();
  });

  const created = (review: ReviewJson) => {
    list.add(review);
    setSubmitted(true);
    focusTarget.current = "banner";
    router.refresh();
  };

  const updated = (review: ReviewJson) => {
    list.replace(review);
    router.refresh();
  };

  const deleted = (review: ReviewJson) => {
    list.remove(review.id);
    setDeleting(null);
    focusTarget.current = "title";
    router.refresh();
  };

  return (
    <div className={styles.feed}>
      {submitted ? (
        <div ref={bannerRef} tabIndex={-1} role="status" className={styles.success}>
          <IconGlyph name="check" size={22} />
          <div>
            <p className={styles.successTitle}>{words.feed.success}</p>
            <p>
              {words.feed.thanks}
              <Link href="/reviews">{words.feed.myReviews}</Link>
              {words.feed.goBack}
              <Link href="/orders">{words.feed.yourOrders}</Link>
              {words.feed.thanksEnd}
            </p>
          </div>
        </div>
      ) : (
        reviewable && <NewReview order={reviewable} onCreated={created} words={words} />
      )}

      <section aria-labelledby="review-list-title" className={styles.listSection}>
        <h2 id="review-list-title" ref={titleRef} tabIndex={-1} className={hideTitle ? "sr-only" : styles.sectionTitle}>
          {title}
        </h2>
        {list.items.length ? (
          <ul className={`${cardStyles.list} ${source.kind === "mine" ? cardStyles.grid : ""}`}>
            {list.items.map((review) => (
              <li key={review.id}>
                <ReviewCard
                  review={review}
                  variant={source.kind}
                  own={viewerId === review.userId}
                  onUpdated={updated}
                  onDelete={setDeleting}
                  ownerView={ownerView}
                  words={words}
                  locale={locale}
                />
              </li>
            ))}
          </ul>
        ) : (
          empty
        )}
        {list.hasMore && <ShowMore label={words.feed.more} noun={words.feed.noun} loading={list.loading} onLoad={list.loadMore} words={words.feed} />}
      </section>

      {deleteLoaded && (
        <Suspense fallback={null}>
          <DeleteReviewDialog review={deleting} onClose={() => setDeleting(null)} onDeleted={deleted} words={words.remove} />
        </Suspense>
      )}
    </div>
  );
}
