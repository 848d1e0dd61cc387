// POST /api/checkout - the bare twin of Nosh's one-call checkout (POST /api/orders with `submit`)
// for `npm run bench` (bench/bare.mjs loadBarePost): the same request (the checkout's JSON body,
// a cookie as long as a session's, which it does not read) parsed as JSON and answered 201 with
// a JSON of about an order's size, with nothing between them but Next.js's route handler.

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const body = (await request.json()) as Record<string, unknown>;
  return Response.json(
    { id: 1, status: "Submitted", received: body, lines: Array.from({ length: 8 }, (_, i) => ({ id: i, name: "x".repeat(40), priceCents: 1500 })) },
    { status: 201 },
  );
}
