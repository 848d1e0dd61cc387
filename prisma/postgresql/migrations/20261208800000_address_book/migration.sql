-- Issue 62 item 4 (docs/architecture/places.md "Address book"): several addresses per account,
-- one default (the profile's address columns mirror it), each with a label, a unit line,
-- instructions and a point the customer may move by dragging its pin.
CREATE TABLE "Address" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "unit" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "instructions" TEXT,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "pinned" BOOLEAN NOT NULL DEFAULT false,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Address_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "Address" ADD CONSTRAINT "Address_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "Address_userId_idx" ON "Address"("userId");

-- Every account's one address becomes its book's default entry, "Home" (guests keep theirs on
-- the profile only; an address never placed has no point and stays on the profile too).
INSERT INTO "Address" ("userId", "label", "address", "city", "state", "zip", "instructions", "lat", "lng", "pinned", "isDefault", "createdAt", "updatedAt")
SELECT "id", 'Home', "address", "city", "state", "zip", "deliveryInstructions", "lat", "lng", false, true, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM "User"
WHERE "guestAccount" = false AND "address" IS NOT NULL AND TRIM("address") <> '' AND "city" IS NOT NULL AND "state" IS NOT NULL AND "zip" IS NOT NULL
  AND "lat" IS NOT NULL AND "lng" IS NOT NULL;

-- The order keeps the address it was placed with.
ALTER TABLE "Order" ADD COLUMN "deliveryLabel" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryStreet" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryUnit" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryCity" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryState" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryZip" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryNote" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryLat" DOUBLE PRECISION;
ALTER TABLE "Order" ADD COLUMN "deliveryLng" DOUBLE PRECISION;
