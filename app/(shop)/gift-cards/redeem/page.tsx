import type { Metadata } from "next";
import { RedeemGiftCard } from "@/components/gift-cards/redeem-gift-card";
import styles from "@/components/gift-cards/gift-cards.module.css";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { TitledSection } from "@/components/ui/titled-section";
import { getCurrentUser } from "@/lib/server/web/session";
import { RETURN_PARAM, signInHref } from "@/lib/shared/web/return-path";
import { getT, getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  // The code in the link is the recipient's: never sent on as a referrer, never indexed.
  return { title: (await getT("profile"))("giftCards.landingTitle"), robots: { index: false }, referrer: "no-referrer" };
}

type RedeemProps = { searchParams: Promise<{ code?: string | string[] }> };

// A gift card's mailed link: the code filled in, redeemed with one press once signed in (a guest or
// a visitor signs in or up first and comes back here). Nothing is redeemed by opening the link.
export default async function RedeemGiftCardPage({ searchParams }: RedeemProps) {
  const { code: raw } = await searchParams;
  const code = typeof raw === "string" ? raw.slice(0, 64) : "";
  const here = `/gift-cards/redeem?code=${encodeURIComponent(code)}`;
  const [user, words, t] = await Promise.all([getCurrentUser(), getWords("profile"), getT("profile")]);
  const w = words.giftCards;
  return (
    <div className="container">
      <PageHeader title={w.landingTitle} subtitle={w.landingSubtitle} />
      {user && !user.guestAccount ? (
        <TitledSection id="redeem-gift-card" title={w.redeemTitle} className={styles.panel} titleClassName={styles.panelTitle}>
          <RedeemGiftCard initialCode={code} words={w} done={{ href: "/wallet", label: w.goToWallet }} />
        </TitledSection>
      ) : (
        <div className={styles.signInFirst}>
          <p>{w.signInFirst}</p>
          <p className={styles.actions}>
            <Link href={signInHref(here)} className={buttonClass()}>
              {w.signIn}
            </Link>
            <Link href={`/signup?${RETURN_PARAM}=${encodeURIComponent(here)}`} className={buttonClass({ variant: "secondary" })}>
              {t("wallet.balance.signUp")}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
