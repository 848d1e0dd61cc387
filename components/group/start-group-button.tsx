"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { signInHref } from "@/lib/shared/web/return-path";
import type { GroupJson } from "./types";
import styles from "./group-buttons.module.css";
import { LiveButton } from "@/components/ui/live-button";

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
  // The button says "Starting…" until the group's page has opened.
  const [opening, open] = useTransition();
  const starting = useApiAction(() => api<GroupJson>("/api/group-orders", { method: "POST", body: { restaurantId } }), {
    onSuccess: (group) => open(() => router.push(`/group/${group.token}`)),
  });
  const pending = starting.busy || opening;
  const error = starting.message;

  const start = () => {
    if (!user) return router.push(signInHref(`/restaurants/${restaurantId}`));
    void starting.run();
  };

  return (
    <span className={styles.startWrap}>
      <LiveButton
        className={buttonClass({ variant: "secondary", size: "small" })}
        onClick={start}
        disabled={pending}
        aria-describedby={error ? "start-group-error" : undefined}
      >
        <IconGlyph name="userPlus" size={18} />
        {pending ? labels.starting : labels.start}
      </LiveButton>
      {error && (
        <span id="start-group-error" role="alert" className={styles.addError}>
          {error}
        </span>
      )}
    </span>
  );
}
