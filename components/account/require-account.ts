import "server-only";
import { redirect } from "next/navigation";
import { requirePageUser } from "@/lib/server/session";
import { userToJson } from "@/lib/server/users";

/** The edit pages need a full account: anonymous visitors go to /login, guests to /account's signup offer. */
export async function requireAccountUser() {
  const user = await requirePageUser();
  if (user.guestAccount) redirect("/account");
  return userToJson(user);
}
