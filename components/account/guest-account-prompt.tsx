import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { GuestSignUpButton } from "./guest-sign-up-button";
import styles from "./account.module.css";

/**
 * A guest has no profile to edit: offer the signup that keeps their cart. Rendered on the
 * server; only Sign up (and its modal) is client code.
 */
export function GuestAccountPrompt() {
  return (
    <EmptyState
      icon="userPlus"
      title="You are browsing as a guest"
      action={
        <div className={styles.promptActions}>
          <GuestSignUpButton />
          <Link href="/login" className={buttonClass({ variant: "ghost", size: "large" })}>
            Log in
          </Link>
        </div>
      }
    >
      Create an account to add a profile picture, a delivery address and your contact details. Your cart and anything you have done as a guest stay with you.
    </EmptyState>
  );
}
