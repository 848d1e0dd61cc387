import { permanentRedirect } from "next/navigation";

// The British spelling (issue 62 item 5 names the page /favourites) leads to the one page.
export default function FavouritesPage(): never {
  permanentRedirect("/favorites");
}
