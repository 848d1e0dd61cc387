import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/session";

export const metadata: Metadata = { title: "Orders" };

export default async function OrdersPage() {
  await requirePageUser();
  return (
    <div className="container">
      <PageHeader title="Orders" />
      <EmptyState
        icon="receipt"
        title="No orders yet"
        action={
          <Link href="/home" className={buttonClass()}>
            Browse restaurants
          </Link>
        }
      >
        When you place an order, it shows up here.
      </EmptyState>
    </div>
  );
}
