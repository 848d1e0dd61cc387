import type { Metadata } from "next";
import { EditPage } from "@/components/account/edit-page";
import { PhoneForm } from "@/components/account/phone-form";
import { requireAccountPage } from "@/lib/server/web/page";
import { userToJson } from "@/lib/server/accounts/users";

export const metadata: Metadata = { title: "Phone number · Account" };

export default async function AccountPhonePage() {
  const user = userToJson(await requireAccountPage("/account"));
  return (
    <EditPage title="Phone number" description="Your driver calls this number if they cannot find you. You can also log in with it.">
      <PhoneForm user={user} />
    </EditPage>
  );
}
