import { emailStatus } from "@/lib/server/accounts/email-verification";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/account/email", ({ user }) => emailStatus(user.id));
