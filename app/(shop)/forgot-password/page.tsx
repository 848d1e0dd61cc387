import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { getT, getWords } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";
import { config } from "@/lib/server/platform/config";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("forgot.meta") };
}

// "Forgot password?" (docs/architecture/security.md "Password reset"): the email to mail a link to.
export default async function ForgotPasswordPage() {
  const [t, words, rules] = await Promise.all([getT("profile"), getWords("profile"), formRules("auth")]);
  return (
    <AuthLayout title={t("forgot.title")} subtitle={t("forgot.subtitle")} photo={SHELL_PHOTOS.login}>
      <ForgotPasswordForm devMailbox={config().notifications.devMailbox} words={words.forgot} rules={rules} />
    </AuthLayout>
  );
}
