import { menuCsv, menuFileRows } from "@/lib/server/menu/menu-file-export";
import { csvDownload } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/menu.csv", async ({ user, params: { id } }) => csvDownload(`nosh-${id}-menu.csv`, menuCsv(await menuFileRows(user, id))));
