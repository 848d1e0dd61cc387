-- The building's photo (docs/architecture/stops-and-messages.md "The building's photo"): an
-- address-book entry keeps the newest drop-off photo of a delivery there (its own private copy,
-- the order's being deleted when the problem-report window closes), shown only to the courier
-- holding a job to that place; the customer removes it and stops its keeping (doorPhotoOff).
-- An order keeps the entry its delivery copy came from (no foreign key: the entry may be removed).
ALTER TABLE "Address" ADD COLUMN "doorPhoto" TEXT;
ALTER TABLE "Address" ADD COLUMN "doorPhotoAt" TIMESTAMP(3);
ALTER TABLE "Address" ADD COLUMN "doorPhotoOff" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "deliveryAddressId" INTEGER;
