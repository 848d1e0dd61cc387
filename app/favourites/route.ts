// The British spelling (/favourites, the page's name in British English) leads to the one page,
// without a page of its own (no JavaScript to load for a redirect).
export function GET(): Response {
  return new Response(null, { status: 308, headers: { Location: "/favorites" } });
}
