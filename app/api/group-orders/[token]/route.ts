import { NextResponse } from "next/server";
import { cancelGroup } from "@/lib/server/group-orders/cancel";
import { updateGroup } from "@/lib/server/group-orders/lock-and-deadline";
import { readGroup } from "@/lib/server/group-orders/read";
import { json, parseBody, parseQuery, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { groupQuerySchema, updateGroupSchema } from "@/lib/validation/group-orders";

// GET /api/group-orders/{token}[?since=<version>] -> the group, or 204 while still at that version.
export const GET = route<{ token: string }>(async (request, params) => {
  const user = await requireUser();
  const { since } = parseQuery(request, groupQuerySchema);
  const group = await readGroup(user, params.token, since);
  return group ? json(group) : new NextResponse(null, { status: 204 });
});

// PATCH /api/group-orders/{token} { locked?, deadline? } (host only) -> the group.
export const PATCH = route<{ token: string }>(async (request, params) => {
  const user = await requireUser();
  const input = await parseBody(request, updateGroupSchema);
  return json(await updateGroup(user, params.token, input));
});

// DELETE /api/group-orders/{token} (host only): canceled; the link stops working.
export const DELETE = route<{ token: string }>(async (_request, params) => {
  const user = await requireUser();
  return json(await cancelGroup(user, params.token));
});
