import { menuArrangement } from "@/lib/server/menu/arrangement";
import { createSection, sectionToJson } from "@/lib/server/menu/sections";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/sections", ({ params }) => menuArrangement(params.id));

export const POST = handle("POST /api/manage/{id}/sections", async ({ user, params, body }) => ({ section: sectionToJson(await createSection(user, params.id, body)) }));
