"use client";
import { useState } from "react";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import styles from "./team.module.css";
import { ROLE_LABELS, TEAM_PAGES, roleAllows, type TeamRole } from "@/lib/shared/team";

type Accepted = { restaurant: { id: number; name: string }; role: TeamRole };

/** The invitation's one button (POST /api/team/accept), then where the new member can go. */
export function AcceptInvitation({ token }: { token: string }) {
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    setError(null);
    const { api, ApiClientError, SERVER_FAILURE } = await import("@/lib/client/api");
    try {
      setAccepted(await api<Accepted>("/api/team/accept", { method: "POST", body: { token } }));
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);
    } finally {
      setBusy(false);
    }
  };
  if (accepted) {
    const { restaurant, role } = accepted;
    return (
      <div role="status">
        <p>
          You joined {restaurant.name} as {ROLE_LABELS[role]}.
        </p>
        <p>
          <Link href={`/restaurants/${restaurant.id}/orders`} className={buttonClass()}>
            Open the order board
          </Link>{" "}
          {roleAllows(role, TEAM_PAGES.menu) && (
            <Link href={`/restaurants/${restaurant.id}/menu`} className={buttonClass({ variant: "secondary" })}>
              Open the menu
            </Link>
          )}
        </p>
      </div>
    );
  }
  return (
    <div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <button type="button" className={buttonClass()} onClick={accept} disabled={busy}>
        Accept the invitation
      </button>
    </div>
  );
}
