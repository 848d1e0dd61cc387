import { NextResponse } from "next/server";
import { route } from "@/lib/server/web/http";
import { getCurrentUser } from "@/lib/server/web/session";
import { userToJson } from "@/lib/server/accounts/users";

// GET /api/auth/ - restore the session: the signed-in user, or 401
export const GET = route(async () => {
  const user = await getCurrentUser();
  if (!user) return NextResponse.json({ message: "Unauthorized", errors: { message: "Unauthorized" } }, { status: 401 });
  return NextResponse.json(userToJson(user));
});
