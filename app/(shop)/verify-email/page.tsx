import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { VerifyEmailForm } from "@/components/auth/verify-email-form";
import { SHELL_PHOTOS } from "@/components/ui/photos";

export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };

// An email verification link's page (docs/architecture/accounts-security.md): opening it changes
// nothing (no GET writes); its button confirms, once.
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  return (
    <AuthLayout title="Confirm your email" subtitle="Confirm that this address is yours." photo={SHELL_PHOTOS.login}>
      <VerifyEmailForm token={token} />
    </AuthLayout>
  );
}
