import type { Metadata } from "next";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { STATEMENT_PAGE_SIZE } from "@/components/wallet/format";
import { WalletScreen } from "@/components/wallet/wallet-screen";
import { requirePageUser } from "@/lib/server/web/session";
import { userToJson } from "@/lib/server/accounts/users";
import { walletStatement } from "@/lib/server/wallet/wallet";

export const metadata: Metadata = { title: "Wallet" };

export default async function WalletPage() {
  const user = await requirePageUser();
  // One more than a page tells whether "Show more" is needed.
  const rows = await walletStatement(user, user.id, { limit: STATEMENT_PAGE_SIZE + 1, offset: 0 });
  const first = { items: rows.slice(0, STATEMENT_PAGE_SIZE), nextOffset: rows.length > STATEMENT_PAGE_SIZE ? STATEMENT_PAGE_SIZE : null };
  return (
    <div className="container">
      <PageHeader
        title="Wallet"
        subtitle="Add funds and see every top-up, payment and refund."
        actions={
          // A plain link (no script): the server streams the file. Guests' top-ups stay in their browser, so they have none.
          !user.guestAccount && (
            <a className={buttonClass({ variant: "secondary" })} href={`/api/users/${user.id}/wallet/statement.csv`} download>
              Download statement (CSV)
            </a>
          )
        }
      />
      <WalletScreen initialUser={userToJson(user)} first={first} />
    </div>
  );
}
