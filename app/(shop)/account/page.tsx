import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/session";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requirePageUser();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <div className="container">
      <PageHeader title="Account" subtitle={name} />
      <EmptyState icon="user" title="Profile settings are on their way">
        Soon you can change your picture, name, phone number and email here.
      </EmptyState>
    </div>
  );
}
