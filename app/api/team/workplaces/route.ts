import { listWorkplaces } from "@/lib/server/team/members";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/team/workplaces", ({ user }) => listWorkplaces(user));
