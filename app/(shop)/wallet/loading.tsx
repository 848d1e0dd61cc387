import { PageHeader } from "@/components/ui/page-header";
import { LoadingStatus, Skeleton } from "@/components/ui/skeleton";
import { getT } from "@/lib/i18n/translate";
import styles from "@/components/wallet/wallet.module.css";

export default async function WalletLoading() {
  const t = await getT("profile");
  return (
    <div className="container">
      <PageHeader title={t("wallet.title")} />
      <LoadingStatus label={t("wallet.loading")} />
      <div className={styles.layout}>
        <Skeleton height="220px" radius="var(--radius-xl)" />
        <div className={styles.statementSection}>
          <Skeleton width="30%" height="1.5rem" />
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} height="64px" radius="var(--radius-md)" />
          ))}
        </div>
      </div>
    </div>
  );
}
