import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthLayout } from "@/components/auth/auth-layout";
import { CredentialForm } from "@/components/auth/credential-form";
import { DemoLogins, GuestButton } from "@/components/auth/quick-sign-in";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { getCurrentUser } from "@/lib/server/session";
import styles from "@/components/auth/auth-form.module.css";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage() {
  const user = await getCurrentUser();
  if (user && !user.guestAccount) redirect("/");
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in with your email or phone number." photo={SHELL_PHOTOS.login}>
      <CredentialForm mode="login" />
      <p className={styles.divider}>or</p>
      <DemoLogins />
      {!user && <GuestButton />}
    </AuthLayout>
  );
}
