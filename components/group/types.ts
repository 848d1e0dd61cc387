// The group order JSON of /api/group-orders (lib/contract/group-order-schemas.ts), as the pages use it.
export type { GroupCheckoutJson, GroupJson } from "@/lib/contract/group-order-schemas";
import type { GroupJson } from "@/lib/contract/group-order-schemas";

export type GroupLineJson = GroupJson["lines"][number];
