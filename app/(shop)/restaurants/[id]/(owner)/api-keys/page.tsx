import type { Metadata } from "next";
import { ApiKeysManager } from "@/components/owner/api-keys-manager";
import { BackLink } from "@/components/owner/back-link";
import { RoleRefused } from "@/components/team/role-refused";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { parseOpeningHours } from "@/lib/shared/opening-hours";
import { listApiKeys } from "@/lib/server/api-keys/keys";
import { teamPageFor } from "@/lib/server/web/page-data";

export const metadata: Metadata = { title: "API keys" };

// A restaurant's API keys (docs/architecture/api-keys.md), for its owner and managers: create
// with a name and scopes (the key shown once), list, revoke. Times in the restaurant's zone.
export default async function ApiKeysPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await teamPageFor((await params).id, "manager");
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const keys = await listApiKeys(user, restaurant.id);
  const { timeZone } = parseOpeningHours(restaurant);
  return (
    <div className="container">
      <BackLink href="/restaurants/manage">Your restaurants</BackLink>
      <PageHeader
        title="API keys"
        subtitle={
          <>
            {restaurant.name} · connect your point-of-sale or kitchen system. How to use a key: the <Link href="/developers/api#conventions">API reference</Link>.
          </>
        }
      />
      <ApiKeysManager restaurantId={restaurant.id} timeZone={timeZone} initial={keys} />
    </div>
  );
}
