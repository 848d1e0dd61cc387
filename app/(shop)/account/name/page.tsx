import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { NameForm } from "@/components/account/name-form";
import { requireAccountUser } from "@/components/account/require-account";

export const metadata: Metadata = { title: "Name · Account" };

export default async function AccountNamePage() {
  const user = await requireAccountUser();
  return (
    <EditPage title="Name" description="Shown on your orders and reviews. Your last name is optional.">
      <NameForm user={user} />
    </EditPage>
  );
}
