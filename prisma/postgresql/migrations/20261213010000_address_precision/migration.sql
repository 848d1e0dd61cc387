-- The geocoder's precision (docs/architecture/places.md "The geocoder"): how precisely the
-- geocoder placed an address-book entry, rooftop, street, or only its ZIP's centre ('zip', every
-- entry kept before: their points were their ZIPs' centres unless pinned). An entry at a ZIP's
-- centre is used for delivery once its pin is placed.
ALTER TABLE "Address" ADD COLUMN "precision" TEXT NOT NULL DEFAULT 'zip' CHECK ("precision" IN ('rooftop', 'street', 'zip'));
