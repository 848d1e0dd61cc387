// The group order JSON of /api/group-orders (lib/contract/schemas.ts), as the pages use it.
export type { GroupCheckoutJson, GroupJson } from "@/lib/contract/schemas";
import type { GroupJson } from "@/lib/contract/schemas";

export type GroupLineJson = GroupJson["lines"][number];
