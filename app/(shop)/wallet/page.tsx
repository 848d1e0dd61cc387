import type { Metadata } from "next";
import { formatMoney } from "@/components/ui/format";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/session";
import { userToJson } from "@/lib/server/users";

export const metadata: Metadata = { title: "Wallet" };

export default async function WalletPage() {
  const user = userToJson(await requirePageUser());
  return (
    <div className="container">
      <PageHeader title="Wallet" subtitle={`Balance: ${formatMoney(user.wallet)}`} />
      <EmptyState icon="wallet" title="Add Funds is coming soon">
        Your wallet credit can pay for orders at checkout.
      </EmptyState>
    </div>
  );
}
