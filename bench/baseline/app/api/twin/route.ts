// GET, POST and PUT /api/twin?bytes=N - the bare twin of any request of the dinner rush
// (bench/scenarios/rush/floors.mjs): the same method, body (read as JSON when there is one) and
// cookie (a session's length, which it does not read) as the request it stands in for, answered
// with JSON of about N bytes, rows of an order-like list serialised on every request, with
// nothing between them but Next.js's route handler. Its CPU a request is that request's floor.

export const dynamic = "force-dynamic";

type Row = { id: number; name: string; priceCents: number; quantity: number; note: string };
const answers = new Map<number, Row[]>();

/** Rows whose JSON is about `bytes` long (kept per size: the serialising is per request, the building is not). */
function rowsOf(bytes: number): Row[] {
  let rows = answers.get(bytes);
  if (!rows) {
    rows = [];
    for (let length = 2, id = 1; length < bytes; id++) {
      const row = { id, name: `Dish number ${id} of the bench`, priceCents: 1500 + id, quantity: 1 + (id % 3), note: "" };
      row.note = "x".repeat(Math.max(0, Math.min(40, bytes - length - JSON.stringify(row).length - 1)));
      length += JSON.stringify(row).length + 1;
      rows.push(row);
    }
    answers.set(bytes, rows);
  }
  return rows;
}

const bytesOf = (request: Request) => Math.min(1_000_000, Math.max(0, Number(new URL(request.url).searchParams.get("bytes")) || 0));

/** The answer: the rows, or under 100 bytes (a write's short answer) one field of that length. */
const answerOf = (bytes: number) => (bytes < 100 ? { ok: "x".repeat(Math.max(0, bytes - 9)) } : rowsOf(bytes));

export function GET(request: Request) {
  return Response.json(answerOf(bytesOf(request)));
}

async function write(request: Request) {
  await request.json();
  return Response.json(answerOf(bytesOf(request)));
}

export const POST = write;
export const PUT = write;
