import type { Metadata } from "next";
import { AcceptInvitation } from "@/components/team/accept-invitation";
import { PageHeader } from "@/components/ui/page-header";
import { invitationPreview } from "@/lib/server/team/members";
import { requirePageUser } from "@/lib/server/web/session";
import { getT, getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("accept.metaTitle") };
}

type AcceptProps = { searchParams: Promise<{ token?: string | string[] }> };

// A team invitation's mailed link (docs/architecture/team.md): signed out, the visitor signs in
// (or up) and comes back here; the button accepts it (POST /api/team/accept checks the link, the
// address and its verification).
export default async function AcceptInvitationPage({ searchParams }: AcceptProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  await requirePageUser(`/team/accept?token=${encodeURIComponent(token)}`);
  // The restaurant the link invites to, named (a link no longer valid: the button says why).
  const [invitation, t, words] = await Promise.all([invitationPreview(token), getT("menus"), getWords("menus")]);
  return (
    <div className="container">
      <PageHeader
        title={invitation ? t("accept.title", { name: invitation.restaurantName }) : t("accept.metaTitle")}
        subtitle={invitation ? t("accept.invitedTo", { name: invitation.restaurantName, role: t(`roles.${invitation.role}`) }) : t("accept.invited")}
      />
      <AcceptInvitation token={token} words={words.accept} roles={words.roles} />
    </div>
  );
}
