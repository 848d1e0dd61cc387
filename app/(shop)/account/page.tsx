import type { Metadata } from "next";
import { AddressBookSection } from "@/components/addresses/address-book-section";
import { GuestAccountPrompt } from "@/components/account/guest-account-prompt";
import { DeleteAccount } from "@/components/account/delete-account";
import { ProfileOverview } from "@/components/account/profile-overview";
import { SignOutEverywhere } from "@/components/account/sign-out-everywhere";
import { YourData } from "@/components/account/your-data";
import { PageHeader } from "@/components/ui/page-header";
import { config } from "@/lib/server/platform/config";
import { requirePageUser } from "@/lib/server/web/session";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requirePageUser();
  return (
    <div className="container">
      <PageHeader title="Account" subtitle={user.guestAccount ? undefined : "Your picture, contact details and delivery preferences."} />
      {user.guestAccount ? (
        <GuestAccountPrompt />
      ) : (
        <ProfileOverview>
          <AddressBookSection tileUrl={config().mapTileUrl} />
          <SignOutEverywhere />
          <YourData userId={user.id} />
          <DeleteAccount />
        </ProfileOverview>
      )}
    </div>
  );
}
