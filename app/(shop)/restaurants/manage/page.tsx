import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/session";

export const metadata: Metadata = { title: "Manage your restaurants" };

export default async function ManageRestaurantsPage() {
  await requirePageUser();
  const addLink = (
    <Link href="/restaurants/new" className={buttonClass()}>
      Add your restaurant
    </Link>
  );
  return (
    <div className="container">
      <PageHeader title="Manage your restaurants" />
      <EmptyState icon="store" title="No restaurants found" action={addLink}>
        Restaurants you own appear here, ready to edit, pause or reopen.
      </EmptyState>
    </div>
  );
}
