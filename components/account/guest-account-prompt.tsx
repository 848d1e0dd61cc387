import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { GuestSignUpButton } from "./guest-sign-up-button";
import type { Words } from "@/lib/i18n/words";
import type { SignupWords } from "@/components/auth/signup-modal";
import styles from "./account.module.css";

/**
 * A guest has no profile to edit: offer the signup that keeps their cart. Rendered on the
 * server; only Sign up (and its modal) is client code.
 */
export function GuestAccountPrompt({ words: w, signup }: { words: Words<"profile">["account"]["guest"]; signup: SignupWords }) {
  return (
    <EmptyState
      icon="userPlus"
      title={w.title}
      action={
        <div className={styles.promptActions}>
          <GuestSignUpButton label={w.signUp} words={signup} />
          <Link href="/login" className={buttonClass({ variant: "ghost", size: "large" })}>
            {w.logIn}
          </Link>
        </div>
      }
    >
      {w.text}
    </EmptyState>
  );
}
