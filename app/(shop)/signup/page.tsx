import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthLayout } from "@/components/auth/auth-layout";
import { CredentialForm } from "@/components/auth/credential-form";
import { GuestButton } from "@/components/auth/guest-button";
import { SHELL_PHOTOS } from "@/components/ui/photos";
import { getCurrentUser } from "@/lib/server/web/session";
import { RETURN_PARAM, safeReturnPath } from "@/lib/shared/return-path";
import styles from "@/components/auth/auth-form.module.css";

export const metadata: Metadata = { title: "Sign up" };

export default async function SignupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = (await searchParams)[RETURN_PARAM];
  const user = await getCurrentUser();
  if (user && !user.guestAccount) redirect(safeReturnPath(typeof next === "string" ? next : null) ?? "/");
  return (
    <AuthLayout title="Create your account" subtitle="New accounts start with $999.99 in wallet credit." photo={SHELL_PHOTOS.signup}>
      <CredentialForm mode="signup" />
      {!user && (
        <>
          <p className={styles.divider}>or</p>
          <GuestButton />
        </>
      )}
    </AuthLayout>
  );
}
