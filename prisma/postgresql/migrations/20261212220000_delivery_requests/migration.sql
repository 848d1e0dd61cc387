-- Delivery only (docs/architecture/api-keys.md "Delivery only"): a restaurant's own website or
-- point of sale asks for a courier; the quote, then the order it becomes and its tracking token.
CREATE TABLE "DeliveryRequest" (
    "id" SERIAL NOT NULL,
    "restaurantId" INTEGER NOT NULL,
    "quoteId" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'quoted' CHECK ("state" IN ('quoted', 'accepted')),
    "feeCents" INTEGER NOT NULL CHECK ("feeCents" >= 0),
    "tipCents" INTEGER NOT NULL DEFAULT 0 CHECK ("tipCents" >= 0),
    "orderValueCents" INTEGER NOT NULL CHECK ("orderValueCents" >= 0),
    "reference" TEXT,
    "pickupAt" TIMESTAMP(3),
    "pickupEta" TIMESTAMP(3) NOT NULL,
    "dropoffEta" TIMESTAMP(3) NOT NULL,
    "dropoffName" TEXT NOT NULL,
    "dropoffPhone" TEXT NOT NULL,
    "dropoffStreet" TEXT NOT NULL,
    "dropoffUnit" TEXT,
    "dropoffCity" TEXT NOT NULL,
    "dropoffState" TEXT NOT NULL,
    "dropoffZip" TEXT NOT NULL,
    "dropoffNotes" TEXT,
    "dropoffLat" DOUBLE PRECISION NOT NULL,
    "dropoffLng" DOUBLE PRECISION NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "orderId" INTEGER,
    "trackingToken" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acceptedAt" TIMESTAMP(3),

    CONSTRAINT "DeliveryRequest_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "DeliveryRequest" ADD CONSTRAINT "DeliveryRequest_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DeliveryRequest" ADD CONSTRAINT "DeliveryRequest_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE UNIQUE INDEX "DeliveryRequest_quoteId_key" ON "DeliveryRequest"("quoteId");
CREATE UNIQUE INDEX "DeliveryRequest_orderId_key" ON "DeliveryRequest"("orderId");
CREATE UNIQUE INDEX "DeliveryRequest_trackingToken_key" ON "DeliveryRequest"("trackingToken");
CREATE INDEX "DeliveryRequest_restaurantId_createdAt_idx" ON "DeliveryRequest"("restaurantId", "createdAt");
