// What changed on the menu since an Active order was created, worded once for the server's
// refusal and the checkout page (zod-free, so the page can use it).

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "Fudge Brownie is no longer available. Remove it to continue." (one or more dishes). */
export function unavailableDishesMessage(names: readonly string[]): string {
  return names.length === 1 ? `${names[0]} is no longer available. Remove it to continue.` : `${listNames(names)} are no longer available. Remove them to continue.`;
}

/** "Pad Thai is sold out today. Remove it to continue." (a dish its restaurant marked sold out: docs/architecture/kitchen.md). */
export function soldOutDishesMessage(names: readonly string[]): string {
  return names.length === 1 ? `${names[0]} is sold out today. Remove it to continue.` : `${listNames(names)} are sold out today. Remove them to continue.`;
}
