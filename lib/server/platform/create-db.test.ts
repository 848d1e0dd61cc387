import { expect, it } from "vitest";
import { setUpTestDatabase } from "./testing/db";

// Prisma's SQLite adapter runs every query of the process on one connection; without the
// wrapper in sqlite-transactions.ts another request's write lands inside an open transaction and is
// rolled back with it. This pins that it is not.

const test = setUpTestDatabase();

it("a write from another request is not swept into a transaction that rolls back", async () => {
  const { db } = test;
  const user = await db.user.create({ data: { firstName: "Isolated" } });
  let entered!: () => void;
  let release!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const failing = db
    .$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { firstName: "Inside" } });
      entered();
      await gate;
      throw new Error("roll back");
    })
    .catch(() => "rolled back");
  await inside;
  // Prisma queries are lazy: `.then` starts this one now, while the transaction is open.
  const other = db.user.updateMany({ where: { id: user.id }, data: { lastName: "Outside" } }).then((r) => r);
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  expect(await failing).toBe("rolled back");
  await other;
  expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ firstName: "Isolated", lastName: "Outside" });
});
