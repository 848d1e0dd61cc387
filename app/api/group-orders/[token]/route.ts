import { NextResponse } from "next/server";
import { cancelGroup } from "@/lib/server/group-orders/cancel";
import { updateGroup } from "@/lib/server/group-orders/lock-and-deadline";
import { readGroup } from "@/lib/server/group-orders/read";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/group-orders/{token}", async ({ user, params, query }) => {
  const group = await readGroup(user, params.token, query.since);
  return group ?? new NextResponse(null, { status: 204 });
});

export const PATCH = handle("PATCH /api/group-orders/{token}", ({ user, params, body }) => updateGroup(user, params.token, body));

export const DELETE = handle("DELETE /api/group-orders/{token}", ({ user, params }) => cancelGroup(user, params.token));
