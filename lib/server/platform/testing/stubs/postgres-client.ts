// What "@/lib/generated/prisma-postgresql/client" and "@prisma/adapter-pg" resolve to in a Vitest
// run on SQLite (vitest.config.mts): the integration files never open a PostgreSQL database
// there, and each of them paid the PostgreSQL client's import (about 160 ms) in its fresh
// process. Used by mistake, it says so instead of failing somewhere deeper.
const notLoaded = (name: string) =>
  class {
    constructor() {
      throw new Error(`${name} is not loaded in a Vitest run on SQLite: set TEST_DATABASE_URL=postgresql://… (vitest.config.mts)`);
    }
  };

export const PrismaClient = notLoaded("The PostgreSQL Prisma client");
export const PrismaPg = notLoaded("@prisma/adapter-pg");
