-- Money in 64-bit integers (issue 15, item 14): INTEGER is 32-bit on PostgreSQL, so a wallet
-- over 2^31 - 1 cents ($21,474,836.47) overflowed here while SQLite's INTEGER (always 64-bit)
-- took it. Every cents column becomes BIGINT; ALTER ... TYPE keeps each column's CHECK
-- constraint (PostgreSQL re-checks it against the rewritten rows). The Prisma fields stay
-- `Int`: the client reads an int8 column of an Int field back as a JavaScript number (exact
-- to 2^53; lib/server/money-range.test.ts). Raw SQL ($queryRaw) would get a bigint: none
-- reads money. The SQLite twin of this migration changes nothing.
ALTER TABLE "User" ALTER COLUMN "walletCents" TYPE BIGINT;
ALTER TABLE "Restaurant" ALTER COLUMN "deliveryFeeCents" TYPE BIGINT;
ALTER TABLE "MenuItem" ALTER COLUMN "priceCents" TYPE BIGINT;
ALTER TABLE "Order"
    ALTER COLUMN "subtotalCents" TYPE BIGINT,
    ALTER COLUMN "deliveryFeeCents" TYPE BIGINT,
    ALTER COLUMN "priorityFeeCents" TYPE BIGINT,
    ALTER COLUMN "serviceFeeCents" TYPE BIGINT,
    ALTER COLUMN "tipCents" TYPE BIGINT,
    ALTER COLUMN "totalCents" TYPE BIGINT;
ALTER TABLE "OrderItem" ALTER COLUMN "priceCents" TYPE BIGINT;
ALTER TABLE "WalletTransaction"
    ALTER COLUMN "amountCents" TYPE BIGINT,
    ALTER COLUMN "balanceAfterCents" TYPE BIGINT;
