import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AuthLayout } from "@/components/auth/auth-layout";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { buttonClass } from "@/components/ui/button";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { resetLinkPasskeys } from "@/lib/server/accounts/password-reset";
import { RESET_MESSAGES } from "@/lib/validation/zod-free/auth-rules";
import styles from "@/components/auth/auth-form.module.css";

export const metadata: Metadata = { title: "Set a new password", referrer: "no-referrer" };

// A password reset link's page (docs/architecture/security.md "Password reset"): the form while
// the link works (with the account's passkeys and the choice to remove them), else why not and a
// way to ask for another. Using it signs every session out and sends this browser to /login.
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  // The account's passkeys while the link works (null: a dead link): the form offers to remove them.
  const passkeys = await resetLinkPasskeys(token);
  const works = passkeys !== null;
  return (
    <AuthLayout
      title="Set a new password"
      subtitle={works ? "Choose a new password. Every device signed in to your account will be signed out." : "This link cannot be used."}
      photo={SHELL_PHOTOS.login}
    >
      {works ? (
        <ResetPasswordForm
          token={token}
          passkeys={passkeys.map((key) => ({ name: key.name, createdAt: key.createdAt.toISOString(), lastUsedAt: key.lastUsedAt?.toISOString() ?? null }))}
        />
      ) : (
        <div className={styles.form}>
          <p role="alert" className={styles.formError}>
            {RESET_MESSAGES.invalidLink}
          </p>
          <Link href="/forgot-password" className={buttonClass({ block: true, size: "large" })}>
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
