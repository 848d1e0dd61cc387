-- Delivered by the restaurant's own staff (docs/architecture/phone-orders.md "Who delivers"): a
-- phone order's "Delivery by your staff" gets no Nosh courier job and no Nosh delivery fee, paid at
-- the door or by a link alike. A delivery paid at the door was always the staff's.
ALTER TABLE "Order" ADD COLUMN "staffDelivery" BOOLEAN NOT NULL DEFAULT false;
UPDATE "Order" SET "staffDelivery" = true WHERE "paymentMethod" = 'door' AND "pickup" = false;
