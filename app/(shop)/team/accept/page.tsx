import type { Metadata } from "next";
import { AcceptInvitation } from "@/components/owner/accept-invitation";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/web/session";

export const metadata: Metadata = { title: "Join a restaurant's team" };

type AcceptProps = { searchParams: Promise<{ token?: string | string[] }> };

// A team invitation's mailed link (docs/architecture/staff.md): signed out, the visitor signs in
// (or up) and comes back here; the button accepts it (POST /api/team/accept checks the link, the
// address and its verification).
export default async function AcceptInvitationPage({ searchParams }: AcceptProps) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  await requirePageUser(`/team/accept?token=${encodeURIComponent(token)}`);
  return (
    <div className="container">
      <PageHeader title="Join a restaurant's team" subtitle="You were invited to work at a restaurant on Nosh, with your own login." />
      <AcceptInvitation token={token} />
    </div>
  );
}
