"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { parseApiError, useApiAction } from "@/lib/client/use-api-action";
import { PasskeyRemovalChoice, type ListedPasskey } from "./passkey-removal-choice";
import type { Words } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./account.module.css";

/**
 * Ends every session of the account (a lost phone, a shared computer), this one included. An
 * account with passkeys is first shown them, with the choice to remove them too (a passkey would
 * still sign in afterwards); one without logs out at once.
 */
/** The Security card's words and language, which its server card passes through (sign-out-everywhere.tsx). */
export type SignOutEverywhereProps = {
  words: Words<"profile">["account"]["security"];
  removal: Words<"profile">["account"]["removal"];
  locale: Locale;
};

export function SignOutEverywhereButton({ words: w, removal, locale }: SignOutEverywhereProps) {
  const { setUser } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  const [reading, setReading] = useState(false);
  const [passkeys, setPasskeys] = useState<ListedPasskey[] | null>(null);
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const logout = useApiAction((remove: boolean) => api("/api/auth/logout-everywhere", { method: "POST", body: { removePasskeys: remove } }), {
    onSuccess: () => {
      setUser(null);
      show(w.loggedOut, "success");
      router.push("/");
      router.refresh();
    },
    onError: (failure) => show(failure.message, "error"),
  });
  const pending = reading || logout.busy;
  const signOut = (remove: boolean) => logout.run(remove);

  async function start() {
    setReading(true);
    try {
      const { passkeys: listed } = await api<{ passkeys: ListedPasskey[] }>("/api/account/passkeys");
      if (!listed.length) await signOut(false);
      else setPasskeys(listed);
    } catch (failure) {
      show(parseApiError(failure).message, "error");
    } finally {
      setReading(false);
    }
  }

  if (passkeys) {
    return (
      <div className={styles.passkeyForm}>
        <PasskeyRemovalChoice words={removal} locale={locale} passkeys={passkeys} checked={removePasskeys} onChange={setRemovePasskeys} />
        <div className={styles.passkeyActions}>
          <button type="button" className={buttonClass({})} onClick={() => signOut(removePasskeys)} disabled={pending}>
            {pending ? w.loggingOut : removePasskeys ? w.removeAndLogOut : w.logOut}
          </button>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setPasskeys(null)} disabled={pending}>
            {w.cancel}
          </button>
        </div>
      </div>
    );
  }
  return (
    <button type="button" className={buttonClass({ variant: "secondary" })} onClick={start} disabled={pending}>
      {pending ? w.loggingOut : w.logOut}
    </button>
  );
}
