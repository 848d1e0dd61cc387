"use client";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import styles from "./team.module.css";
import { TEAM_PAGES, roleAllows, type TeamRole } from "@/lib/shared/people/team";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";

type Accepted = { restaurant: { id: number; name: string }; role: TeamRole };

/** The invitation's one button (POST /api/team/accept), then where the new member can go. */
export function AcceptInvitation({ token, words: w, roles }: { token: string; words: Words<"menus">["accept"]; roles: Words<"menus">["roles"] }) {
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const call = useApiAction(() => api<Accepted>("/api/team/accept", { method: "POST", body: { token } }), { onSuccess: setAccepted });
  const { busy, message: error } = call;
  const accept = () => void call.run();
  if (accepted) {
    const { restaurant, role } = accepted;
    return (
      <div role="status">
        <p>{fill(w.joined, { name: restaurant.name, role: roles[role] })}</p>
        <p>
          <Link href={`/restaurants/${restaurant.id}/orders`} className={buttonClass()}>
            {w.board}
          </Link>{" "}
          {roleAllows(role, TEAM_PAGES.menu) && (
            <Link href={`/restaurants/${restaurant.id}/menu`} className={buttonClass({ variant: "secondary" })}>
              {w.menu}
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
        {w.accept}
      </button>
    </div>
  );
}
