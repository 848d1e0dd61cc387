"use client";
import { useCallback, useRef, useState } from "react";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";

/** What a failed call says, parted as a form shows it: a field's message beside its field, the rest in one place. */
export type ApiFailure = {
  /** The HTTP status (0: the network failed before an answer). */
  status: number;
  /** The message for the form as a whole. */
  message: string;
  /** Messages by field name, as the API's `errors` names them. */
  errors: Record<string, string>;
  /** The whole answer (a card's 402 carries its 3-D Secure challenge here). */
  body: Record<string, unknown>;
};

/** The one parser of a failed call: an ApiClientError's parts, anything else the generic failure (`fallback` its message). */
export function parseApiError(error: unknown, fallback: string = SERVER_FAILURE): ApiFailure {
  if (error instanceof ApiClientError) {
    return { status: error.status, message: error.message, errors: error.errors, body: error.body };
  }
  return { status: 0, message: fallback, errors: {}, body: {} };
}

const NO_ERRORS: Record<string, string> = {};

/** What a hook hands its screen of the last failure: the failure, its message for the form as a whole (or null), its messages by field (empty when none), its status. */
export const failureView = (failure: ApiFailure | null) => ({
  failure,
  message: failure?.message ?? null,
  errors: failure?.errors ?? NO_ERRORS,
  status: failure?.status ?? null,
});

type Options<T> = {
  onSuccess?: (result: T) => void | Promise<void>;
  onError?: (failure: ApiFailure) => void;
  /** The message of a failure that is not the API's answer (default SERVER_FAILURE). */
  fallback?: string;
};

/**
 * The one way a screen calls a mutating API: `run(...)` marks the action busy, clears the last
 * failure, and on failure keeps the parsed one (`failure`, `errors` by field) instead of throwing.
 * `run` resolves to the call's answer, or `undefined` when it failed (or another run was under way).
 */
export function useApiAction<A extends unknown[], T>(call: (...args: A) => Promise<T>, options: Options<T> = {}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const running = useRef(false);

  // A new `run` each render, so it always calls this render's `call` and options.
  const run = async (...args: A): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const result = await call(...args);
      await options.onSuccess?.(result);
      return result;
    } catch (error) {
      const parsed = parseApiError(error, options.fallback);
      setFailure(parsed);
      options.onError?.(parsed);
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const reset = useCallback(() => setFailure(null), []);

  return { run, busy, ...failureView(failure), reset };
}
