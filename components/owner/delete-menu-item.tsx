"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { fill } from "@/lib/shared/fill";
import type { Words } from "@/lib/i18n/words";
import { failureMessage } from "./use-live-form";
import styles from "./owner.module.css";

/** The confirmation's two answers: delete (then back to the menu) or keep. */
export function DeleteMenuItem({ id, name, menuPath, words: w }: { id: number; name: string; menuPath: string; words: Words<"menus">["deleteItem"] }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const alerts = useAlerts();
  const router = useRouter();

  const remove = async () => {
    setPending(true);
    setFailure(null);
    try {
      await api(`/api/menu-items/${id}`, { method: "DELETE" });
      alerts.show(fill(w.deleted, { name }), "success");
      router.push(menuPath);
      router.refresh();
    } catch (error) {
      setFailure(failureMessage(error, w.failed));
      setPending(false);
    }
  };

  return (
    <>
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
      <div className={styles.confirmActions}>
        <Link href={menuPath} className={buttonClass({ variant: "secondary" })}>
          {w.keep}
        </Link>
        <button type="button" className={`${buttonClass()} ${styles.dangerSolid}`} onClick={remove} disabled={pending}>
          {pending ? w.deleting : w.delete}
        </button>
      </div>
    </>
  );
}
