"use client";
import { useId, useRef, useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { StarRatingInput } from "@/components/ui/star-rating-input";
import { TextAreaField } from "@/components/ui/text-area-field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { parseApiError, useApiAction, type ApiFailure } from "@/lib/client/use-api-action";
import { lazySchemas, useLazyModule } from "@/lib/client/lazy-module";
import type { Words } from "@/lib/i18n/words";
import { inWord, type RuleWords } from "@/lib/contract/zod-free/form-values";
import styles from "./review-form.module.css";

// The text and the two star ratings, for writing a review and for editing one. Validated
// with the API's own schema, so the page shows the server's messages before a round trip; the
// schema (zod) loads once the form is up rather than with the page.

const reviewRules = lazySchemas(() => import("./review-rules"));
export type ReviewFields = { review: string; orderRating: number; restaurantRating: number };
type Draft = { review: string; orderRating: number | null; restaurantRating: number | null };
type Errors = { review?: string; ratings?: string };

/** The reviews' words (browse.reviews); the form's carry its checks' messages in the page's language (lib/server/web/form-rules.ts "review"). */
export type ReviewWords = Words<"browse">["reviews"] & { form: { rules?: RuleWords } };

type ReviewFormProps = {
  initial?: ReviewFields;
  submitLabel: string;
  pendingLabel: string;
  /** Saves the fields; a failed call's field errors are shown beside the fields. */
  onSubmit: (fields: ReviewFields) => Promise<void>;
  /** The form-level message for a failed save (as parseApiError parts it). */
  failureMessage: (failure: ApiFailure) => string;
  onCancel?: () => void;
  /** Focus the text when the form opens (editing: the visitor just asked for it). */
  autoFocus?: boolean;
  /** Its labels (browse.reviews.form), from the server. */
  words: ReviewWords["form"];
};

function errorsOf(fieldErrors: Record<string, string | undefined>): Errors {
  return { review: fieldErrors.review, ratings: fieldErrors.orderRating ?? fieldErrors.restaurantRating };
}

export function ReviewForm({ initial, submitLabel, pendingLabel, onSubmit, failureMessage, onCancel, autoFocus, words }: ReviewFormProps) {
  const [draft, setDraft] = useState<Draft>(initial ?? { review: "", orderRating: null, restaurantRating: null });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState("");
  const saving = useApiAction(onSubmit, {
    onError: (failed) => {
      setErrors(errorsOf(failed.errors));
      setFailure(failureMessage(failed));
    },
  });
  const pending = saving.busy;
  const ratingsErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Where the server renders the form (rating an order), its fields stay disabled until hydrated.
  const hydrated = useHydrated();
  useLazyModule(reviewRules);

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setFailure("");
    if ("review" in patch) setErrors((e) => ({ ...e, review: undefined }));
    else setErrors((e) => ({ ...e, ratings: undefined }));
  };

  // Sends keyboard and screen-reader users to the first field that needs them.
  const focusFirstInvalid = (next: Errors) => {
    const form = formRef.current;
    if (!form) return;
    const target = next.review ? form.querySelector("textarea") : form.querySelector<HTMLInputElement>('[role="radiogroup"][aria-invalid="true"] input');
    requestAnimationFrame(() => target?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    let rules;
    try {
      rules = await reviewRules.load();
    } catch (error) {
      setFailure(failureMessage(parseApiError(error)));
      return;
    }
    const parsed = rules.reviewFieldsSchema.safeParse(draft);
    if (!parsed.success) {
      const next = errorsOf(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), inWord(issue.message, words.rules)])));
      setErrors(next);
      focusFirstInvalid(next);
      return;
    }
    setFailure("");
    await saving.run(parsed.data);
  };

  const missing = (value: number | null) => Boolean(errors.ratings) && value === null;
  // Both empty, or a server refusal of a value: mark both, one message covers them.
  const bothInvalid = Boolean(errors.ratings) && draft.orderRating !== null && draft.restaurantRating !== null;

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={pending || undefined}>
      <fieldset className={styles.fields} disabled={!hydrated}>
        <TextAreaField
          label={words.review}
          placeholder={words.placeholder}
          value={draft.review}
          onChange={(event) => change({ review: event.target.value })}
          error={errors.review}
          maxLength={2000}
          rows={4}
          autoFocus={autoFocus}
          required
        />
        <div className={styles.ratings}>
          <StarRatingInput
            label={words.orderRating}
            value={draft.orderRating}
            onChange={(orderRating) => change({ orderRating })}
            errorId={errors.ratings ? ratingsErrorId : undefined}
            invalid={missing(draft.orderRating) || bothInvalid}
          />
          <StarRatingInput
            label={words.restaurantRating}
            value={draft.restaurantRating}
            onChange={(restaurantRating) => change({ restaurantRating })}
            errorId={errors.ratings ? ratingsErrorId : undefined}
            invalid={missing(draft.restaurantRating) || bothInvalid}
          />
        </div>
        {errors.ratings && (
          <p id={ratingsErrorId} className={styles.error} role="alert">
            {errors.ratings}
          </p>
        )}
        {failure && (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        )}
        <div className={styles.actions}>
          {onCancel && (
            <button type="button" className={buttonClass({ variant: "ghost" })} onClick={onCancel} disabled={pending}>
              {words.cancel}
            </button>
          )}
          <button type="submit" className={buttonClass()} aria-disabled={pending || undefined}>
            {pending && <span className={styles.spinner} aria-hidden="true" />}
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
