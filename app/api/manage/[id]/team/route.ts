import { listTeam, teamToJson } from "@/lib/server/team/members";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/team", async ({ user, params }) => teamToJson(await listTeam(user, params.id)));
