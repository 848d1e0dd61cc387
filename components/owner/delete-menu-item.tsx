"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import { failureText } from "./use-live-form";
import styles from "./owner.module.css";

/** The confirmation's two answers: delete (then back to the menu) or keep. */
export function DeleteMenuItem({ id, name, menuPath, words: w }: { id: number; name: string; menuPath: string; words: Words<"menus">["deleteItem"] }) {
  // Busy until the menu replaces this page.
  const [leaving, setLeaving] = useState(false);
  const alerts = useAlerts();
  const router = useRouter();
  const deletion = useApiAction(() => api(`/api/menu-items/${id}`, { method: "DELETE" }), {
    onSuccess: () => {
      setLeaving(true);
      alerts.show(fill(w.deleted, { name }), "success");
      router.push(menuPath);
      router.refresh();
    },
  });
  const pending = deletion.busy || leaving;
  const failure = deletion.failure && failureText(deletion.failure, w.failed);
  const remove = () => void deletion.run();

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
