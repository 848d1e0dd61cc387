import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { VerifyEmailForm } from "@/components/auth/verify-email-form";
import { getT, getWords } from "@/lib/i18n/translate";
import { SHELL_PHOTOS } from "@/components/ui/photos";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("verify.meta"), referrer: "no-referrer" };
}

// An email verification link's page (docs/architecture/accounts-security.md): opening it changes
// nothing (no GET writes); its button confirms, once.
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const [t, words] = await Promise.all([getT("profile"), getWords("profile")]);
  return (
    <AuthLayout title={t("verify.title")} subtitle={t("verify.subtitle")} photo={SHELL_PHOTOS.login}>
      <VerifyEmailForm token={token} words={words.verify} />
    </AuthLayout>
  );
}
