-- Twin of prisma/postgresql/migrations/20261122120000_money_bigint, which widens every cents
-- column to BIGINT there. SQLite's INTEGER columns already hold 64-bit integers: nothing to do.
SELECT 1;
