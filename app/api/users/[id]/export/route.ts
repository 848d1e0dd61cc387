import { exportData } from "@/lib/server/customer-data/export";
import { downloadName } from "@/lib/server/customer-data/own-data";
import { download } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/users/{id}/export", async ({ user, params }) =>
  download(downloadName("nosh-data", "json"), "application/json; charset=utf-8", exportData(user, params.id)),
);
