import { Cards } from "../cards";

// GET /page/static - the same page prerendered at build time and served as a file: the
// framework's best case for this HTML (no render, no nonce, no proxy).
export const dynamic = "force-static";

export default function StaticPage() {
  return <Cards />;
}
