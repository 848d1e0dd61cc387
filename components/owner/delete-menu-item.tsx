"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { failureMessage } from "./use-live-form";
import styles from "./owner.module.css";

/** The confirmation's two answers: delete (then back to the menu) or keep. */
export function DeleteMenuItem({ id, name, menuPath }: { id: number; name: string; menuPath: string }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const alerts = useAlerts();
  const router = useRouter();

  const remove = async () => {
    setPending(true);
    setFailure(null);
    try {
      await api(`/api/menu-items/${id}`, { method: "DELETE" });
      alerts.show(`${name} was deleted`, "success");
      router.push(menuPath);
      router.refresh();
    } catch (error) {
      setFailure(failureMessage(error, "Failed to delete menu item"));
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
          Keep it
        </Link>
        <button type="button" className={`${buttonClass()} ${styles.dangerSolid}`} onClick={remove} disabled={pending}>
          {pending ? "Deleting…" : "Delete menu item"}
        </button>
      </div>
    </>
  );
}
