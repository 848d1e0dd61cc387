import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthLayout } from "@/components/auth/auth-layout";
import { CredentialForm } from "@/components/auth/credential-form";
import { GuestButton } from "@/components/auth/guest-button";
import { ProviderSignIn } from "@/components/auth/provider-sign-in";
import { offeredProviders } from "@/lib/server/accounts/sign-in-providers";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { getCurrentUser } from "@/lib/server/web/session";
import { RETURN_PARAM, safeReturnPath } from "@/lib/shared/web/return-path";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { SIGNUP_WALLET_CENTS } from "@/lib/shared/constants";
import { formatCents } from "@/lib/shared/money/money";
import { formRules } from "@/lib/server/web/form-rules";
import styles from "@/components/auth/auth-form.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("signupPage.meta") };
}

export default async function SignupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = (await searchParams)[RETURN_PARAM];
  const [user, t, words, rules, locale] = await Promise.all([getCurrentUser(), getT("profile"), getWords("profile"), formRules("auth"), requestLocale()]);
  if (user && !user.guestAccount) redirect(safeReturnPath(typeof next === "string" ? next : null) ?? "/");
  const providers = offeredProviders();
  return (
    <AuthLayout title={t("signupPage.title")} subtitle={t("signupPage.subtitle", { amount: formatCents(SIGNUP_WALLET_CENTS, { locale }) })} photo={SHELL_PHOTOS.signup}>
      {providers.length > 0 && (
        <>
          <ProviderSignIn providers={providers} next={safeReturnPath(typeof next === "string" ? next : null) ?? "/"} words={words.signInWith} />
          <p className={styles.divider}>{t("signupPage.or")}</p>
        </>
      )}
      <CredentialForm mode="signup" words={words.credential} rules={rules} />
      {!user && (
        <>
          <p className={styles.divider}>{t("signupPage.or")}</p>
          <GuestButton />
        </>
      )}
    </AuthLayout>
  );
}
