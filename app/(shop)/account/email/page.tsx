import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { EmailForm } from "@/components/account/email-form";
import { requireAccountPage } from "@/lib/server/web/page";
import { userToJson } from "@/lib/server/accounts/users";

export const metadata: Metadata = { title: "Email · Account" };

export default async function AccountEmailPage() {
  const user = userToJson(await requireAccountPage("/account"));
  return (
    <EditPage title="Email" description="Receipts go here, and you can log in with it.">
      <EmailForm user={user} />
    </EditPage>
  );
}
