import { userToJson } from "@/lib/server/accounts/users";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/auth", async ({ user }) => userToJson(user));
