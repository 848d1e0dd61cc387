"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { signInHref } from "@/lib/shared/return-path";
import type { GroupJson } from "./types";
import styles from "./group.module.css";

/**
 * "Group order" on a restaurant page: creates a group order (POST /api/group-orders) and opens
 * its page, where the link is shared. Signed out, it goes to sign in and comes back here.
 */
export function StartGroupButton({
  restaurantId,
  labels,
}: {
  restaurantId: number;
  /** "Group order", "Starting…" in the page's language. */ labels: { start: string; starting: string };
}) {
  const { user } = useSession();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    if (!user) return router.push(signInHref(`/restaurants/${restaurantId}`));
    setPending(true);
    setError(null);
    try {
      const group = await api<GroupJson>("/api/group-orders", { method: "POST", body: { restaurantId } });
      router.push(`/group/${group.token}`);
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);
      setPending(false);
    }
  };

  return (
    <span className={styles.startWrap}>
      <button
        type="button"
        className={buttonClass({ variant: "secondary", size: "small" })}
        onClick={start}
        disabled={pending}
        aria-describedby={error ? "start-group-error" : undefined}
      >
        <IconGlyph name="userPlus" size={18} />
        {pending ? labels.starting : labels.start}
      </button>
      {error && (
        <span id="start-group-error" role="alert" className={styles.addError}>
          {error}
        </span>
      )}
    </span>
  );
}
