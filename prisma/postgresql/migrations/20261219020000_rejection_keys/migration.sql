-- Why an order ended is stored as the catalogue's key and its values (lib/shared/words/stored-texts.ts),
-- never as English: every reader writes it in its own language. The English rows written so far
-- are mapped to their keys; a text that is none of the list stays in rejectionReason as written.
ALTER TABLE "Order" ADD COLUMN "rejectionKey" TEXT;
ALTER TABLE "Order" ADD COLUMN "rejectionValues" TEXT;
UPDATE "Order" SET "rejectionKey" = CASE "rejectionReason"
  WHEN 'Out of stock' THEN 'outOfStock'
  WHEN 'Too busy' THEN 'tooBusy'
  WHEN 'Closing' THEN 'closing'
  WHEN 'The restaurant did not confirm your order' THEN 'expired'
  WHEN 'The restaurant canceled your order' THEN 'canceledByRestaurant'
  WHEN 'The restaurant has closed' THEN 'restaurantClosed'
  WHEN 'Your card could not be charged and the order was not paid in time' THEN 'unpaid'
  WHEN 'The order was not paid on its payment link in time' THEN 'payLink'
  WHEN 'We could not send a courier to this order: it had no delivery address we could reach. You have been refunded in full' THEN 'undispatched'
  WHEN 'Nosh support canceled this order. You have been refunded in full' THEN 'operatorCanceled'
END
WHERE "rejectionReason" IN ('Out of stock', 'Too busy', 'Closing', 'The restaurant did not confirm your order', 'The restaurant canceled your order', 'The restaurant has closed', 'Your card could not be charged and the order was not paid in time', 'The order was not paid on its payment link in time', 'We could not send a courier to this order: it had no delivery address we could reach. You have been refunded in full', 'Nosh support canceled this order. You have been refunded in full');
-- The owner's three reasons with a note after them ("Out of stock: no salmon today").
UPDATE "Order" SET "rejectionKey" = 'outOfStock', "rejectionValues" = jsonb_build_object('note', substr("rejectionReason", 15))::text
WHERE "rejectionKey" IS NULL AND substr("rejectionReason", 1, 14) = 'Out of stock: ';
UPDATE "Order" SET "rejectionKey" = 'tooBusy', "rejectionValues" = jsonb_build_object('note', substr("rejectionReason", 11))::text
WHERE "rejectionKey" IS NULL AND substr("rejectionReason", 1, 10) = 'Too busy: ';
UPDATE "Order" SET "rejectionKey" = 'closing', "rejectionValues" = jsonb_build_object('note', substr("rejectionReason", 10))::text
WHERE "rejectionKey" IS NULL AND substr("rejectionReason", 1, 9) = 'Closing: ';
-- A failed delivery's, with its reason from the courier's fixed list ("Customer unreachable": the list's older words).
UPDATE "Order" SET "rejectionKey" = 'courierFailed', "rejectionValues" = jsonb_build_object('reason', 'unreachable')::text
WHERE "rejectionKey" IS NULL AND "rejectionReason" = 'The courier could not deliver this order: Couldn''t reach you';
UPDATE "Order" SET "rejectionKey" = 'courierFailed', "rejectionValues" = jsonb_build_object('reason', 'unreachable')::text
WHERE "rejectionKey" IS NULL AND "rejectionReason" = 'The courier could not deliver this order: Customer unreachable';
UPDATE "Order" SET "rejectionKey" = 'courierFailed', "rejectionValues" = jsonb_build_object('reason', 'addressNotFound')::text
WHERE "rejectionKey" IS NULL AND "rejectionReason" = 'The courier could not deliver this order: Address not found';
UPDATE "Order" SET "rejectionKey" = 'courierFailed', "rejectionValues" = jsonb_build_object('reason', 'unsafe')::text
WHERE "rejectionKey" IS NULL AND "rejectionReason" = 'The courier could not deliver this order: Unsafe to deliver';
UPDATE "Order" SET "rejectionKey" = 'courierFailed', "rejectionValues" = jsonb_build_object('reason', 'other')::text
WHERE "rejectionKey" IS NULL AND "rejectionReason" = 'The courier could not deliver this order: Other';
UPDATE "Order" SET "rejectionReason" = NULL WHERE "rejectionKey" IS NOT NULL;
