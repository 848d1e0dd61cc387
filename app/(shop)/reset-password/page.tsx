import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AuthLayout } from "@/components/auth/auth-layout";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { buttonClass } from "@/components/ui/button";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { resetLinkPasskeys } from "@/lib/server/accounts/password-reset";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";
import styles from "@/components/auth/auth-form.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("reset.meta"), referrer: "no-referrer" };
}

// A password reset link's page (docs/architecture/security.md "Password reset"): the form while
// the link works (with the account's passkeys and the choice to remove them), else why not and a
// way to ask for another. Using it signs every session out and sends this browser to /login.
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  // The account's passkeys while the link works (null: a dead link): the form offers to remove them.
  const passkeys = await resetLinkPasskeys(token);
  const works = passkeys !== null;
  const [t, words, locale, rules] = await Promise.all([getT("profile"), getWords("profile"), requestLocale(), formRules("auth")]);
  return (
    <AuthLayout title={t("reset.title")} subtitle={works ? t("reset.subtitle") : t("reset.dead")} photo={SHELL_PHOTOS.login}>
      {works ? (
        <ResetPasswordForm
          token={token}
          words={words.reset}
          removal={words.account.removal}
          locale={locale}
          rules={rules}
          passkeys={passkeys.map((key) => ({ name: key.name, createdAt: key.createdAt.toISOString(), lastUsedAt: key.lastUsedAt?.toISOString() ?? null }))}
        />
      ) : (
        <div className={styles.form}>
          <p role="alert" className={styles.formError}>
            {t("reset.invalidLink")}
          </p>
          <Link href="/forgot-password" className={buttonClass({ block: true, size: "large" })}>
            {t("reset.askAgain")}
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
