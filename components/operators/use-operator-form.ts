"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApiAction } from "@/lib/client/use-api-action";

/** What an operator settings form says under its fields: what was saved, or why nothing was. */
export type OperatorFormMessage = { text: string; error: boolean } | null;

type Options<T> = {
  /** What a saved answer says ("Saved."). */
  done: (answer: T) => string;
  /** What the form says when the refusal names fields (each told beside its field); without it, nothing more. */
  refused?: string;
};

/**
 * The operators' settings forms (legal texts, top-up limits, tax rates, markets, delivery pricing):
 * `submit(...)` sends through `useApiAction`, then the page is read again. A refusal naming a field
 * is told beside it (`errors`); any other, and what was saved, in `message`.
 * `submit` resolves to the answer, or `undefined` when it was refused.
 */
export function useOperatorForm<A extends unknown[], T>(send: (...args: A) => Promise<T>, { done, refused }: Options<T>) {
  const router = useRouter();
  const [said, setSaid] = useState<string | null>(null);
  const action = useApiAction(send, {
    onSuccess: (answer) => {
      setSaid(done(answer));
      router.refresh();
    },
  });
  const text = action.failure ? (Object.keys(action.errors).length ? (refused ?? null) : action.failure.message) : said;
  const message: OperatorFormMessage = text === null ? null : { text, error: action.failure !== null };
  const submit = (...args: A) => {
    setSaid(null);
    return action.run(...args);
  };
  return { busy: action.busy, errors: action.errors, message, submit };
}
