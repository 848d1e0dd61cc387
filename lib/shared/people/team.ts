// A restaurant's team (docs/architecture/team.md): the roles a person may hold
// at a restaurant besides its owner, what each may use, and the answers' words (the roles' names
// and descriptions: the catalogue's menus.roles and menus.roleDescriptions). Shared by the server and the pages (no server code here).

export const TEAM_ROLES = ["manager", "staff"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Whoever acts on a restaurant: its owner, or a member in their role. */
export type RestaurantRole = "owner" | TeamRole;

const RANK: Record<RestaurantRole, number> = { staff: 1, manager: 2, owner: 3 };
/** Whether `role` may do what `need` may. */
export const roleAllows = (role: RestaurantRole, need: RestaurantRole): boolean => RANK[role] >= RANK[need];

/** The restaurant's pages, each with the least role that may open it (the navigation shows only these). */
export const TEAM_PAGES = {
  orders: "staff",
  menu: "manager",
  promotions: "manager",
  reviews: "manager",
  "api-keys": "manager",
  webhooks: "manager",
  update: "owner",
  insights: "owner",
  payouts: "owner",
  team: "owner",
} as const satisfies Record<string, RestaurantRole>;
export type TeamPage = keyof typeof TEAM_PAGES;
/** Where a restaurant's page is: its reviews are the public list, where its owner and managers reply. */
export const teamPagePath = (page: TeamPage, restaurantId: number): string =>
  page === "reviews" ? `/reviews/restaurant/${restaurantId}` : `/restaurants/${restaurantId}/${page}`;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
