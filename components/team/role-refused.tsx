import { RecordNotFound } from "@/components/record-not-found";
import { ROLE_LABELS, roleNeededMessage } from "@/lib/shared/team";
import type { RoleRefusal } from "@/lib/server/web/page-data";

/**
 * A restaurant's page above the member's role (docs/architecture/team.md): which role it needs
 * and whom to ask, instead of a "not found" for a restaurant they work at. A stranger never gets
 * here (page-data.ts teamPageFor: their 404 reveals nothing).
 */
export function RoleRefused({ refused: { need, role, restaurantName } }: RoleRefusal) {
  return (
    <RecordNotFound icon="store" title="Not for your role" action={{ href: "/restaurants/manage", label: "Where you work" }}>
      {roleNeededMessage(need)} You work at {restaurantName} as {ROLE_LABELS[role]}.
    </RecordNotFound>
  );
}
