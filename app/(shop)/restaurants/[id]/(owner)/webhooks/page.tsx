import type { Metadata } from "next";
import { BackLink } from "@/components/owner/back-link";
import { RoleRefused } from "@/components/team/role-refused";
import { WebhooksManager } from "@/components/owner/webhooks-manager";
import { PageHeader } from "@/components/ui/page-header";
import { parseOpeningHours } from "@/lib/shared/opening-hours";
import { listEndpoints } from "@/lib/server/webhooks/endpoints";
import { teamPageFor } from "@/lib/server/web/page-data";

export const metadata: Metadata = { title: "Webhooks" };

// A restaurant's outgoing webhooks (docs/architecture/webhooks.md), for its owner and managers:
// endpoints, their secrets, the delivery log with Resend, the test event. Times in the restaurant's zone.
export default async function WebhooksPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await teamPageFor((await params).id, "manager");
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const endpoints = await listEndpoints(user, restaurant.id);
  const { timeZone } = parseOpeningHours(restaurant);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">Your restaurants</BackLink>
      <PageHeader title="Webhooks" subtitle={`${restaurant.name} · orders and menu changes sent to your own system`} />
      <WebhooksManager restaurantId={restaurant.id} timeZone={timeZone} initial={endpoints} />
    </div>
  );
}
