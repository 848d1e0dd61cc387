-- Kitchen printers (docs/architecture/kitchen.md "Printers that print by themselves"): a
-- restaurant's printers polling by Star CloudPRNT with their own credentials, and their jobs (made
-- by the printer's poll from the accepted orders' events: nothing more on the accept's path).
CREATE TABLE "Printer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "restaurantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prints" TEXT NOT NULL CHECK ("prints" IN ('kitchen', 'receipt', 'both')),
    "protocol" TEXT NOT NULL DEFAULT 'cloudprnt',
    "language" TEXT NOT NULL DEFAULT 'en',
    "login" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "staleMinutes" INTEGER NOT NULL DEFAULT 120,
    "lastSeenAt" DATETIME,
    "statusCode" TEXT,
    "queuedThrough" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Printer_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Printer_login_key" ON "Printer"("login");
CREATE UNIQUE INDEX "Printer_secretHash_key" ON "Printer"("secretHash");
CREATE INDEX "Printer_restaurantId_idx" ON "Printer"("restaurantId");
CREATE TABLE "PrintJob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "printerId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('kitchen', 'receipt')),
    "state" TEXT NOT NULL DEFAULT 'queued' CHECK ("state" IN ('queued', 'printing', 'printed', 'stale', 'failed')),
    "copy" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fetchedAt" DATETIME,
    "doneAt" DATETIME,
    CONSTRAINT "PrintJob_printerId_fkey" FOREIGN KEY ("printerId") REFERENCES "Printer" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PrintJob_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "PrintJob_printerId_orderId_kind_copy_key" ON "PrintJob"("printerId", "orderId", "kind", "copy");
CREATE INDEX "PrintJob_printerId_state_idx" ON "PrintJob"("printerId", "state");
CREATE INDEX "PrintJob_orderId_idx" ON "PrintJob"("orderId");
