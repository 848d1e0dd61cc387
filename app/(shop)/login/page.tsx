import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthLayout } from "@/components/auth/auth-layout";
import { CredentialForm } from "@/components/auth/credential-form";
import { GuestButton } from "@/components/auth/guest-button";
import { PasskeySignIn } from "@/components/auth/passkey-sign-in";
import { ProviderSignIn } from "@/components/auth/provider-sign-in";
import { offeredProviders } from "@/lib/server/accounts/sign-in-providers";
import { DemoLogins } from "@/components/auth/quick-sign-in";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { DEMO_ACCOUNTS } from "@/lib/shared/demo/demo-accounts";
import { fill } from "@/lib/shared/words/fill";
import { config } from "@/lib/server/platform/config";
import { getCurrentUser } from "@/lib/server/web/session";
import { RETURN_PARAM, safeReturnPath } from "@/lib/shared/web/return-path";
import { getT, getWords } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";
import styles from "@/components/auth/auth-form.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("login.meta") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const next = params[RETURN_PARAM];
  const user = await getCurrentUser();
  if (user && !user.guestAccount) redirect(safeReturnPath(typeof next === "string" ? next : null) ?? "/");
  const demo = config().demoLogin;
  const [t, words, rules] = await Promise.all([getT("profile"), getWords("profile"), formRules("auth")]);
  const returnTo = safeReturnPath(typeof next === "string" ? next : null) ?? "/";
  // A Google or Apple sign-in that came back refused says why (`signIn=<reason>`, sign-in-flows.ts).
  const refusals = words.signInWith.errors;
  const providers = offeredProviders();
  const refused = typeof params.signIn === "string" && params.signIn in refusals ? refusals[params.signIn as keyof typeof refusals] : null;
  return (
    <AuthLayout title={t("login.title")} subtitle={t("login.subtitle")} photo={SHELL_PHOTOS.login}>
      {refused && (
        <p role="alert" className={styles.formError}>
          {refused}
        </p>
      )}
      {/* Only the providers this site offers (none: nor their words in the page). */}
      {providers.length > 0 && (
        <>
          <ProviderSignIn providers={providers} next={returnTo} words={words.signInWith} />
          <p className={styles.divider}>{t("login.or")}</p>
        </>
      )}
      {params.reset === "done" && (
        <p role="status" className={styles.notice}>
          {t("login.resetDone")}
        </p>
      )}
      <CredentialForm mode="login" words={words.credential} rules={rules} />
      <PasskeySignIn next={returnTo} words={words.passkeySignIn} />
      {(demo || !user) && <p className={styles.divider}>{t("login.or")}</p>}
      {demo && (
        <DemoLogins
          accounts={DEMO_ACCOUNTS.map(({ id, firstName, role }) => ({ id, label: fill(words.demo.account, { name: firstName, role: words.demo.roles[role] }) }))}
          words={words.demo}
        />
      )}
      {!user && <GuestButton />}
    </AuthLayout>
  );
}
