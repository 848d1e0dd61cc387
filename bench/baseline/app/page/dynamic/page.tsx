import { headers } from "next/headers";
import { Cards } from "../cards";

// GET /page/dynamic - the bare page rendered per request, as Nosh renders its pages: proxy.ts
// sets a Content-Security-Policy with a fresh script nonce and Next.js puts it on its scripts
// (reading the request's headers makes the page dynamic).
export default async function DynamicPage() {
  await headers();
  return <Cards />;
}
