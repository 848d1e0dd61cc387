// POST /api/position - the bare twin of Nosh's POST /api/courier/position for the couriers bench
// (bench/scenarios/couriers.mjs): the same request (a small JSON body, a session cookie it does not
// read) and an answer of the same size, with nothing between them but Next.js's route handler.

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const body = (await request.json()) as { lat?: number; lng?: number };
  const accepted = typeof body.lat === "number" && typeof body.lng === "number" ? 1 : 0;
  return Response.json({ accepted, dropped: 1 - accepted });
}
