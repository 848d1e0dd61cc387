// GET /api/constant - the JSON that Nosh's GET /api/restaurants/?limit=20 returned when the
// bench last captured it (bench/baseline/constant.json), serialised on every request just as
// a real handler would. force-dynamic so the build cannot turn it into a static file.
import body from "../../../constant.json";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(body);
}
