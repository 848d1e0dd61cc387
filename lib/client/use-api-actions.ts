"use client";
import { useCallback, useState } from "react";
import { failureView, parseApiError, type ApiFailure } from "@/lib/client/use-api-action";

/**
 * `useApiAction` for a screen of many like actions (a list's Revoke on each row, a courier's
 * steps on each job): `run(key, call)` marks that key busy, clears the last failure and keeps the
 * parsed one (`message`, `errors` by field) instead of throwing. Runs do not wait for each other;
 * `busy` names the latest one under way. `run` resolves to the call's answer, or `undefined` when
 * it failed; `onError` hears that run's failure (a refusal told beside its row).
 */
export function useApiActions() {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  const run = useCallback(async <T>(key: string, call: () => Promise<T>, onError?: (failure: ApiFailure) => void): Promise<T | undefined> => {
    setBusy(key);
    setFailure(null);
    try {
      return await call();
    } catch (error) {
      const parsed = parseApiError(error);
      setFailure(parsed);
      onError?.(parsed);
      return undefined;
    } finally {
      setBusy((now) => (now === key ? null : now));
    }
  }, []);

  const reset = useCallback(() => setFailure(null), []);

  return { run, busy, ...failureView(failure), reset };
}
