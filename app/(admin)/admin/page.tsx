import type { Metadata } from "next";
import styles from "@/components/admin/admin.module.css";
import Link from "@/components/ui/link";
import { requireOperatorPage } from "@/lib/server/operators/access";
import { dashboard } from "@/lib/server/admin/dashboard";
import { config } from "@/lib/server/platform/config";

export const metadata: Metadata = { title: "Dashboard" };

/** The operator's dashboard: each figure links to the list behind it (lib/server/admin/dashboard.ts). */
export default async function AdminDashboardPage() {
  const operator = await requireOperatorPage();
  const { tiles } = await dashboard(operator);
  return (
    <>
      <h1>Dashboard</h1>
      {config().payments.testMode && (
        <p className={styles.testMode} data-payments-mode="test">
          Payments are in test mode (PAYMENTS=test): cards, wallet top-ups and payouts go through the built-in test provider, and no real money moves. Set
          STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET instead to take real payments.
        </p>
      )}
      <ul className={styles.tiles}>
        {tiles.map((tile) => (
          <li key={tile.key} className={styles.tile} data-tile={tile.key}>
            <Link href={tile.href}>
              <span className={styles.tileValue}>{tile.value}</span>
              {tile.label}
            </Link>
            {tile.parts && (
              <ul className={styles.parts}>
                {tile.parts.map((part) => (
                  <li key={part.label}>
                    <Link href={part.href}>{part.label}</Link> <span>{part.value}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
