import { Prisma } from "@/lib/generated/prisma/client";
import { expect, it } from "vitest";
import { ORDER_COLUMNS } from "./queries/pages";

// The lists' page read names Order's columns one by one (its SELECT and orderOf): a column added
// to the schema and not here would be missing from every order a list answers, silently.
it("ORDER_COLUMNS lists every column of Order, as the schema has them", () => {
  expect([...ORDER_COLUMNS].sort()).toEqual(Object.values(Prisma.OrderScalarFieldEnum).sort());
});
