import { downloadName } from "@/lib/server/customer-data/own-data";
import { walletStatementCsv } from "@/lib/server/customer-data/wallet-statement";
import { download } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/users/{id}/wallet/statement.csv", async ({ user, params }) =>
  download(downloadName("nosh-wallet-statement", "csv"), "text/csv; charset=utf-8", walletStatementCsv(user, params.id)),
);
