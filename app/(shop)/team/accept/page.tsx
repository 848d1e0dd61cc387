import type { Metadata } from "next";
import { AcceptInvitation } from "@/components/team/accept-invitation";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { invitationPreview } from "@/lib/server/team/members";
import { getCurrentUser } from "@/lib/server/web/session";
import { RETURN_PARAM, signInHref } from "@/lib/shared/web/return-path";
import { getT, getWords } from "@/lib/i18n/translate";
import styles from "@/components/team/team.module.css";

export async function generateMetadata(): Promise<Metadata> {
  // The link's token is the invitee's: never sent on as a referrer.
  return { title: (await getT("menus"))("accept.metaTitle"), robots: { index: false }, referrer: "no-referrer" };
}

type AcceptProps = { searchParams: Promise<{ token?: string | string[] }> };

// A team invitation's mailed link (docs/architecture/team.md): the restaurant and the role it
// invites to, named to anyone holding it (the mail told them as much). Signed out (or as a guest)
// the visitor logs in or signs up and comes back here; signed in, the button accepts it (POST
// /api/team/accept checks the address and its verification). A link unknown, used, withdrawn or
// expired says only that.
export default async function AcceptInvitationPage({ searchParams }: AcceptProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const here = `/team/accept?token=${encodeURIComponent(token)}`;
  const [user, invitation, t, words] = await Promise.all([getCurrentUser(), invitationPreview(token), getT("menus"), getWords("menus")]);
  if (!invitation) {
    return (
      <div className="container">
        <PageHeader title={t("accept.goneTitle")} subtitle={t("accept.gone")} />
      </div>
    );
  }
  return (
    <div className="container">
      <PageHeader
        title={t("accept.title", { name: invitation.restaurantName })}
        subtitle={t("accept.invitedTo", { name: invitation.restaurantName, role: t(`roles.${invitation.role}`) })}
      />
      {user && !user.guestAccount ? (
        <AcceptInvitation token={token} words={words.accept} roles={words.roles} />
      ) : (
        <div className={styles.signInFirst}>
          <p>{t("accept.signInFirst")}</p>
          <p className={styles.signInActions}>
            <Link href={signInHref(here)} className={buttonClass()}>
              {t("accept.logIn")}
            </Link>
            <Link href={`/signup?${RETURN_PARAM}=${encodeURIComponent(here)}`} className={buttonClass({ variant: "secondary" })}>
              {t("accept.signUp")}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
