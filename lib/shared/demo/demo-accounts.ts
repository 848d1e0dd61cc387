import { demoUsers } from "@/prisma/seed-data";

// The login page's demo buttons, named after the seeded people: "Rosa (owner)",
// "Priya (customer)", "Dev (courier)", "Nia (operator)" (English; the page words the role in the
// reader's language: profile.demo.roles). Imported by the server page (the client gets only
// these labels) and by the browser tests.

export type DemoRole = "owner" | "courier" | "operator" | "customer";
export type DemoAccount = { id: number; firstName: string; role: DemoRole; label: string };

export const DEMO_ACCOUNTS: DemoAccount[] = demoUsers.map((user) => {
  const role: DemoRole = user.restaurantOwner ? "owner" : user.courier ? "courier" : user.operator ? "operator" : "customer";
  return { id: user.id, firstName: user.firstName, role, label: `${user.firstName} (${role})` };
});
