import type { UserJson } from "@/lib/server/accounts/users";
import { firstGrapheme } from "@/lib/shared/words/graphemes";

/** The saved delivery address as the spec writes it: "ADDRESS, CITY, STATE, ZIP", or null. */
export function formatAddress(user: Pick<UserJson, "address" | "city" | "state" | "zip"> | null): string | null {
  if (!user?.address) return null;
  return [user.address, user.city, user.state, user.zip].filter(Boolean).join(", ");
}

export function displayName(user: Pick<UserJson, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}

export function initials(user: Pick<UserJson, "firstName" | "lastName">): string {
  return `${firstGrapheme(user.firstName)}${firstGrapheme(user.lastName)}`.toUpperCase() || "?";
}
