// The group order JSON of /api/group-orders (lib/contract/group-orders/schemas.ts), as the pages use it.
export type { GroupCheckoutJson, GroupJson } from "@/lib/contract/group-orders/schemas";
import type { GroupJson } from "@/lib/contract/group-orders/schemas";

export type GroupLineJson = GroupJson["lines"][number];
