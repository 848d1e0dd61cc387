import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { PasswordForm } from "@/components/account/password-form";
import { requireAccountUser } from "@/components/account/require-account";

export const metadata: Metadata = { title: "Password · Account" };

export default async function AccountPasswordPage() {
  await requireAccountUser();
  return (
    <EditPage title="Password" description="Changing it signs you out everywhere else; this device stays signed in.">
      <PasswordForm />
    </EditPage>
  );
}
