import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { PasswordForm } from "@/components/account/password-form";
import { requireAccountPage } from "@/lib/server/web/page";

export const metadata: Metadata = { title: "Password · Account" };

export default async function AccountPasswordPage() {
  await requireAccountPage("/account");
  return (
    <EditPage title="Password" description="Changing it signs you out everywhere else; this device stays signed in.">
      <PasswordForm />
    </EditPage>
  );
}
