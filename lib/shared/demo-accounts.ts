import { demoUsers } from "../../prisma/seed-data";

// The login page's demo buttons, named after the seeded people: "Rosa (owner)",
// "Priya (customer)", "Dev (courier)", "Nia (operator)". Imported by the server page (the client gets only these labels) and
// by the browser tests.

export type DemoAccount = { id: number; label: string };

export const DEMO_ACCOUNTS: DemoAccount[] = demoUsers.map((user) => ({
  id: user.id,
  label: `${user.firstName} (${user.restaurantOwner ? "owner" : user.courier ? "courier" : user.operator ? "operator" : "customer"})`,
}));
