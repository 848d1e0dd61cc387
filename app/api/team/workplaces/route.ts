import { listWorkplaces } from "@/lib/server/owners/team";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/team/workplaces", ({ user }) => listWorkplaces(user));
