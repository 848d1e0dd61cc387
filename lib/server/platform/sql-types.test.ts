import { expectTypeOf, it } from "vitest";
import type { PrismaSql, Sql, prismaOf, sqlTransaction } from "./sql";

// "This step needs Prisma" is a type: a step that takes a PrismaSql runs only in a transaction
// asked for with `{ prisma: true }`; forgetting it is a compile error (checked by the typecheck,
// which reads this file; the functions below are never called).
export function stepsNeedingPrisma(run: typeof sqlTransaction, tx: typeof prismaOf, step: (sql: PrismaSql) => Promise<number>, plain: (sql: Sql) => Promise<number>) {
  // @ts-expect-error: without { prisma: true } the step is handed a plain Sql, with no Prisma transaction.
  void run(step);
  // @ts-expect-error: nor with { prisma: false }.
  void run(step, { prisma: false });
  void run(step, { prisma: true });
  void run(plain);
  void run(plain, { prisma: true, durability: "full" });
  // @ts-expect-error: prismaOf takes only a PrismaSql.
  void run((sql) => Promise.resolve(tx(sql)));
  void run((sql) => Promise.resolve(tx(sql)), { prisma: true });
}

it("a PrismaSql always carries its Prisma transaction; a plain Sql may not", () => {
  expectTypeOf<PrismaSql>().toExtend<Sql>();
  expectTypeOf<PrismaSql["tx"]>().not.toBeUndefined();
  expectTypeOf<undefined>().toExtend<Sql["tx"]>();
  expectTypeOf<Sql>().not.toExtend<PrismaSql>();
  expectTypeOf(stepsNeedingPrisma).toBeFunction();
});
