"use client";
import Link from "@/components/ui/link";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { Stars } from "@/components/ui/stars";
import { api } from "@/lib/client/api";
import { formatDate } from "@/lib/shared/time/format-date";
import { firstGrapheme } from "@/lib/shared/words/graphemes";
import type { ReviewJson } from "@/lib/server/reviews/reviews";
import type { Locale } from "@/lib/i18n/locale";
import type { ReviewWords } from "./review-form";
import { fill } from "@/lib/shared/words/fill";
import { wasEdited } from "./format";
import { LazyReviewForm } from "./lazy-review-form";
import type { ReviewFields } from "./review-form";
import { OwnerReply } from "./owner-reply";
import styles from "./review-card.module.css";

// The reply form loads only for those who answer the restaurant's reviews (its owner, its managers).
const ReplyEditor = lazy(() => import("./reply-editor").then((m) => ({ default: m.ReplyEditor })));

export type ReviewVariant = "restaurant" | "mine";

type ReviewCardProps = {
  review: ReviewJson;
  /** restaurant: led by the author's first name; mine: led by the restaurant, linked. */
  variant: ReviewVariant;
  /** The viewer wrote it: Edit and Delete are offered. */
  own: boolean;
  onUpdated: (review: ReviewJson) => void;
  onDelete: (review: ReviewJson) => void;
  /** The viewer answers the restaurant's reviews (its owner or a manager): they write, edit and remove its reply. */
  ownerView?: boolean;
  /** The reviews' words (browse.reviews) and the dates' language, from the server. */
  words: ReviewWords;
  locale: Locale;
};

/** One review: who or where, when, both ratings and the text; the author edits it in place. */
export function ReviewCard({ review, variant, own, onUpdated, onDelete, ownerView = false, words, locale }: ReviewCardProps) {
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const { show } = useAlerts();

  // Closing the inline form removes the focused field: put focus back on Edit.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editRef.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const save = async (fields: ReviewFields) => {
    const { data } = await api<{ data: ReviewJson }>(`/api/reviews/${review.id}`, {
      method: "PUT",
      body: { review: fields.review, order_rating: fields.orderRating, restaurant_rating: fields.restaurantRating },
    });
    onUpdated(data);
    close();
    show(words.card.updated, "success");
  };

  const date = (
    <p className={styles.date}>
      <time dateTime={review.createdAt}>{formatDate(review.createdAt, undefined, locale)}</time>
      {wasEdited(review) && <span>{words.card.edited}</span>}
    </p>
  );

  return (
    <article className={`${styles.card} ${own ? styles.own : ""}`} aria-labelledby={headingId}>
      <header className={styles.cardHead}>
        {variant === "restaurant" ? (
          <>
            <span className={styles.avatar} aria-hidden="true">
              {firstGrapheme(review.firstName || "N").toUpperCase()}
            </span>
            <div className={styles.who}>
              <h3 id={headingId} className={styles.author}>
                {review.firstName || words.card.customer}
                {own && <span className={styles.you}>{words.card.yours}</span>}
              </h3>
              {date}
            </div>
          </>
        ) : (
          <div className={styles.who}>
            <h3 id={headingId} className={styles.author}>
              <Link href={`/restaurants/${review.restaurantId}`} className={styles.place}>
                {review.restaurantName}
              </Link>
            </h3>
            {date}
          </div>
        )}
      </header>

      {editing ? (
        <Suspense fallback={null}>
          <LazyReviewForm
            initial={{ review: review.review, orderRating: review.orderRating, restaurantRating: review.restaurantRating }}
            submitLabel={words.card.save}
            pendingLabel={words.card.saving}
            onSubmit={save}
            failureMessage={() => words.card.updateFailed}
            onCancel={close}
            autoFocus
            words={words.form}
          />
        </Suspense>
      ) : (
        <>
          <dl className={styles.scores}>
            <div className={styles.score}>
              <dt>{words.card.restaurant}</dt>
              <dd>
                <Stars value={review.restaurantRating} label={fill(words.card.stars, { value: String(review.restaurantRating) })} />
              </dd>
            </div>
            <div className={styles.score}>
              <dt>{words.card.order}</dt>
              <dd>
                <Stars value={review.orderRating} label={fill(words.card.stars, { value: String(review.orderRating) })} />
              </dd>
            </div>
          </dl>
          <p className={styles.text}>{review.review}</p>
          {review.hidden && (
            <p className={styles.hidden} role="note">
              {fill(own ? words.card.hiddenOwn : words.card.hiddenOther, { reason: review.hidden.reason })}
            </p>
          )}
          {ownerView && !review.hidden ? (
            <Suspense fallback={null}>
              <ReplyEditor review={review} onChanged={onUpdated} words={words.reply} locale={locale} />
            </Suspense>
          ) : (
            review.reply && <OwnerReply reply={review.reply} restaurantName={review.restaurantName} words={words.reply} locale={locale} />
          )}
          {own && (
            <div className={styles.cardActions}>
              <button ref={editRef} type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setEditing(true)}>
                <IconGlyph name="pencil" size={16} />
                {words.card.edit}
                <span className="sr-only">{words.card.review}</span>
              </button>
              <button type="button" className={buttonClass({ variant: "ghost", size: "small", className: styles.danger })} onClick={() => onDelete(review)}>
                <IconGlyph name="trash" size={16} />
                {words.card.delete}
                <span className="sr-only">{words.card.review}</span>
              </button>
            </div>
          )}
        </>
      )}
    </article>
  );
}
