"use client";
import type { FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { UserJson } from "@/lib/server/accounts/users";

/**
 * An /account card that saves one setting of the signed-in user (PUT /api/users/{id} with
 * `body(value)`): on success the session's user is the answer, `saved` is said and `after` runs;
 * a refusal is `error`, the field's own (`field`, as the API names it) or the failure's message.
 */
export function useProfileField<T>(body: (value: T) => Record<string, unknown>, { field, saved, after }: { field: string; saved: string; after?: () => void }) {
  const { user, setUser } = useSession();
  const { show } = useAlerts();
  const saving = useApiAction((id: number, value: T) => api<UserJson>(`/api/users/${id}`, { method: "PUT", body: body(value) }), {
    onSuccess: (updated) => {
      setUser(updated);
      show(saved, "success");
      after?.();
    },
  });
  const save = async (event: FormEvent, value: T) => {
    event.preventDefault();
    if (user) await saving.run(user.id, value);
  };
  return { save, pending: saving.busy, reset: saving.reset, error: saving.failure ? (saving.errors[field] ?? saving.message) : undefined };
}
