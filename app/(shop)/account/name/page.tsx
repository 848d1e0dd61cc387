import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { NameForm } from "@/components/account/name-form";
import { requireAccountPage } from "@/lib/server/web/page";
import { userToJson } from "@/lib/server/accounts/users";

export const metadata: Metadata = { title: "Name · Account" };

export default async function AccountNamePage() {
  const user = userToJson(await requireAccountPage("/account"));
  return (
    <EditPage title="Name" description="Shown on your orders and reviews. Your last name is optional.">
      <NameForm user={user} />
    </EditPage>
  );
}
