import type { Metadata } from "next";
import { AcceptInvitation } from "@/components/team/accept-invitation";
import { PageHeader } from "@/components/ui/page-header";
import { invitationPreview } from "@/lib/server/team/members";
import { requirePageUser } from "@/lib/server/web/session";
import { ROLE_LABELS } from "@/lib/shared/team";

export const metadata: Metadata = { title: "Join a restaurant's team" };

type AcceptProps = { searchParams: Promise<{ token?: string | string[] }> };

// A team invitation's mailed link (docs/architecture/team.md): signed out, the visitor signs in
// (or up) and comes back here; the button accepts it (POST /api/team/accept checks the link, the
// address and its verification).
export default async function AcceptInvitationPage({ searchParams }: AcceptProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  await requirePageUser(`/team/accept?token=${encodeURIComponent(token)}`);
  // The restaurant the link invites to, named (a link no longer valid: the button says why).
  const invitation = await invitationPreview(token);
  return (
    <div className="container">
      <PageHeader
        title={invitation ? `Join the team at ${invitation.restaurantName}` : "Join a restaurant's team"}
        subtitle={
          invitation
            ? `You were invited to work at ${invitation.restaurantName} on Nosh as ${ROLE_LABELS[invitation.role]}, with your own login.`
            : "You were invited to work at a restaurant on Nosh, with your own login."
        }
      />
      <AcceptInvitation token={token} />
    </div>
  );
}
