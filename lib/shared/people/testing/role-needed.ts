import type { RestaurantRole } from "../team";

// The English a page that needs a role says to someone without it (the catalogue's menus.refused), for the tests that read it.

/** Who may open a page that needs `need`: "Only the owner or a manager can open this page." */
export const roleNeededMessage = (need: RestaurantRole) =>
  `Only the owner${need === "owner" ? "" : need === "manager" ? " or a manager" : " or its team"} can open this page. Ask the restaurant's owner.`;
