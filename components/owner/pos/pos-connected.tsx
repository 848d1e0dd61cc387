"use client";
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import Link from "@/components/ui/link";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import styles from "../menu-file/menu-file.module.css";

/**
 * The seller back from the POS's authorize page: its code and state sent once to finish the
 * connection, then on to the restaurant's settings (its point-of-sale section); a refusal is said
 * with the way back.
 */
export function PosConnected({
  provider,
  code,
  state,
  denied,
  words: w,
}: {
  provider: string | null;
  code: string;
  state: string;
  denied: boolean;
  words: Words<"kitchen">["pos"];
}) {
  const router = useRouter();
  const [done, setDone] = useState(false);
  const started = useRef(false);
  // The state starts with the restaurant's id (the rest is sealed): the team check reads it.
  const restaurantId = Number(state.split(".")[0]);
  const finish = useApiAction(() => api<{ restaurantId: number }>(`/api/pos/${provider}/connect`, { method: "POST", body: { restaurantId, code, state } }), {
    onSuccess: ({ restaurantId }) => {
      setDone(true);
      router.replace(`/restaurants/${restaurantId}/update#pos`);
    },
  });
  const usable = Boolean(provider && code && Number.isInteger(restaurantId) && restaurantId > 0 && !denied);

  useEffect(() => {
    if (!usable || started.current) return;
    started.current = true;
    void finish.run();
  }, [usable, finish]);

  return (
    <div className={styles.panel} role="status" aria-live="polite" data-testid="pos-connected">
      {!usable && <p>{denied ? w.callbackDenied : w.callbackMissing}</p>}
      {usable && !finish.message && <p>{done ? w.callbackDone : w.callbackBusy}</p>}
      {finish.message && <p className={styles.error}>{finish.message}</p>}
      {(!usable || finish.message) && (
        <p>
          <Link href="/restaurants/manage">{w.backToRestaurants}</Link>
        </p>
      )}
    </div>
  );
}
