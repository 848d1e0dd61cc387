import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { config } from "@/lib/server/platform/config";

export const metadata: Metadata = { title: "Forgot password" };

// "Forgot password?" (docs/architecture/security.md "Password reset"): the email to mail a link to.
export default function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your account's email and we will send you a link to set a new one." photo={SHELL_PHOTOS.login}>
      <ForgotPasswordForm devMailbox={config().notifications.devMailbox} />
    </AuthLayout>
  );
}
