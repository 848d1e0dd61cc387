-- A failed delivery's reason and a delivery's stop flags are stored as the catalogue's keys and
-- values (lib/shared/words/stored-texts.ts), never as English: every reader writes them in its
-- own language, the API's English fields from the English catalogue. The English rows written so
-- far are mapped to their keys; a text that is none of the list stays as written.
ALTER TABLE "DeliveryJob" ADD COLUMN "failureKey" TEXT;
ALTER TABLE "DeliveryJob" ADD COLUMN "flags" TEXT;
-- The rows written so far (lib/server/web/stored-texts.test.ts runs what follows).
UPDATE "DeliveryJob" SET "failureKey" = CASE "failureReason"
  WHEN 'Couldn''t reach you' THEN 'unreachable'
  WHEN 'Customer unreachable' THEN 'unreachable'
  WHEN 'Address not found' THEN 'addressNotFound'
  WHEN 'Unsafe to deliver' THEN 'unsafe'
  WHEN 'Other' THEN 'other'
END, "failureReason" = NULL
WHERE "failureReason" IN ('Couldn''t reach you', 'Customer unreachable', 'Address not found', 'Unsafe to deliver', 'Other');
-- The delivery_failed event's reason: its key (the stream writes the English beside it).
UPDATE "OrderEvent" SET "detail" = CASE "detail"
  WHEN '{"reason":"Couldn''t reach you"}' THEN '{"failure":{"key":"unreachable"}}'
  WHEN '{"reason":"Customer unreachable"}' THEN '{"failure":{"key":"unreachable"}}'
  WHEN '{"reason":"Address not found"}' THEN '{"failure":{"key":"addressNotFound"}}'
  WHEN '{"reason":"Unsafe to deliver"}' THEN '{"failure":{"key":"unsafe"}}'
  WHEN '{"reason":"Other"}' THEN '{"failure":{"key":"other"}}'
END
WHERE "stage" = 'delivery_failed' AND "detail" IN ('{"reason":"Couldn''t reach you"}', '{"reason":"Customer unreachable"}', '{"reason":"Address not found"}', '{"reason":"Unsafe to deliver"}', '{"reason":"Other"}');
-- The flag lines ("arrived with no position in the last 2 minutes", "delivered 340 m from the drop-off
-- (position accuracy 15 m)", joined by "; ", one a step, at most three): taken one line a pass into
-- "flagLine", each known line added to "flags" by its key; a row with a line that is none of them
-- keeps its text as written.
ALTER TABLE "DeliveryJob" ADD COLUMN "flagRest" TEXT;
ALTER TABLE "DeliveryJob" ADD COLUMN "flagLine" TEXT;
UPDATE "DeliveryJob" SET "flagRest" = "flagReason" WHERE "flagReason" IS NOT NULL;
UPDATE "DeliveryJob" SET "flagLine" = CASE WHEN instr("flagRest", '; ') > 0 THEN substr("flagRest", 1, instr("flagRest", '; ') - 1) ELSE "flagRest" END,
  "flagRest" = CASE WHEN instr("flagRest", '; ') > 0 THEN substr("flagRest", instr("flagRest", '; ') + 2) ELSE NULL END
WHERE "flagRest" IS NOT NULL AND "flagLine" IS NULL;
UPDATE "DeliveryJob" SET "flags" = json_insert(COALESCE("flags", '[]'), '$[#]', json_object('key', 'noPosition', 'values', json_object('step', CASE WHEN "flagLine" LIKE 'arrived %' THEN 'arrived' WHEN "flagLine" LIKE 'picked up %' THEN 'picked_up' ELSE 'delivered' END))), "flagLine" = NULL
WHERE "flagLine" IN ('arrived with no position in the last 2 minutes', 'picked up with no position in the last 2 minutes', 'delivered with no position in the last 2 minutes');
UPDATE "DeliveryJob" SET "flags" = json_insert(COALESCE("flags", '[]'), '$[#]', json_object('key', 'away', 'values', json_object('step', CASE WHEN "flagLine" LIKE 'arrived %' THEN 'arrived' WHEN "flagLine" LIKE 'picked up %' THEN 'picked_up' ELSE 'delivered' END,
    'distance', CAST(replace(replace(replace(substr("flagLine", 1, instr("flagLine", ' m from ') - 1), 'arrived ', ''), 'picked up ', ''), 'delivered ', '') AS INTEGER),
    'accuracy', CAST(replace(substr("flagLine", instr("flagLine", '(position accuracy ') + 19), ' m)', '') AS INTEGER)))), "flagLine" = NULL
WHERE "flagLine" GLOB 'arrived [0-9]* m from the restaurant (position accuracy [0-9]* m)' OR "flagLine" GLOB 'picked up [0-9]* m from the restaurant (position accuracy [0-9]* m)'
  OR "flagLine" GLOB 'delivered [0-9]* m from the drop-off (position accuracy [0-9]* m)';
UPDATE "DeliveryJob" SET "flagLine" = CASE WHEN instr("flagRest", '; ') > 0 THEN substr("flagRest", 1, instr("flagRest", '; ') - 1) ELSE "flagRest" END,
  "flagRest" = CASE WHEN instr("flagRest", '; ') > 0 THEN substr("flagRest", instr("flagRest", '; ') + 2) ELSE NULL END
WHERE "flagRest" IS NOT NULL AND "flagLine" IS NULL;
UPDATE "DeliveryJob" SET "flags" = json_insert(COALESCE("flags", '[]'), '$[#]', json_object('key', 'noPosition', 'values', json_object('step', CASE WHEN "flagLine" LIKE 'arrived %' THEN 'arrived' WHEN "flagLine" LIKE 'picked up %' THEN 'picked_up' ELSE 'delivered' END))), "flagLine" = NULL
WHERE "flagLine" IN ('arrived with no position in the last 2 minutes', 'picked up with no position in the last 2 minutes', 'delivered with no position in the last 2 minutes');
UPDATE "DeliveryJob" SET "flags" = json_insert(COALESCE("flags", '[]'), '$[#]', json_object('key', 'away', 'values', json_object('step', CASE WHEN "flagLine" LIKE 'arrived %' THEN 'arrived' WHEN "flagLine" LIKE 'picked up %' THEN 'picked_up' ELSE 'delivered' END,
    'distance', CAST(replace(replace(replace(substr("flagLine", 1, instr("flagLine", ' m from ') - 1), 'arrived ', ''), 'picked up ', ''), 'delivered ', '') AS INTEGER),
    'accuracy', CAST(replace(substr("flagLine", instr("flagLine", '(position accuracy ') + 19), ' m)', '') AS INTEGER)))), "flagLine" = NULL
WHERE "flagLine" GLOB 'arrived [0-9]* m from the restaurant (position accuracy [0-9]* m)' OR "flagLine" GLOB 'picked up [0-9]* m from the restaurant (position accuracy [0-9]* m)'
  OR "flagLine" GLOB 'delivered [0-9]* m from the drop-off (position accuracy [0-9]* m)';
UPDATE "DeliveryJob" SET "flagLine" = CASE WHEN instr("flagRest", '; ') > 0 THEN substr("flagRest", 1, instr("flagRest", '; ') - 1) ELSE "flagRest" END,
  "flagRest" = CASE WHEN instr("flagRest", '; ') > 0 THEN substr("flagRest", instr("flagRest", '; ') + 2) ELSE NULL END
WHERE "flagRest" IS NOT NULL AND "flagLine" IS NULL;
UPDATE "DeliveryJob" SET "flags" = json_insert(COALESCE("flags", '[]'), '$[#]', json_object('key', 'noPosition', 'values', json_object('step', CASE WHEN "flagLine" LIKE 'arrived %' THEN 'arrived' WHEN "flagLine" LIKE 'picked up %' THEN 'picked_up' ELSE 'delivered' END))), "flagLine" = NULL
WHERE "flagLine" IN ('arrived with no position in the last 2 minutes', 'picked up with no position in the last 2 minutes', 'delivered with no position in the last 2 minutes');
UPDATE "DeliveryJob" SET "flags" = json_insert(COALESCE("flags", '[]'), '$[#]', json_object('key', 'away', 'values', json_object('step', CASE WHEN "flagLine" LIKE 'arrived %' THEN 'arrived' WHEN "flagLine" LIKE 'picked up %' THEN 'picked_up' ELSE 'delivered' END,
    'distance', CAST(replace(replace(replace(substr("flagLine", 1, instr("flagLine", ' m from ') - 1), 'arrived ', ''), 'picked up ', ''), 'delivered ', '') AS INTEGER),
    'accuracy', CAST(replace(substr("flagLine", instr("flagLine", '(position accuracy ') + 19), ' m)', '') AS INTEGER)))), "flagLine" = NULL
WHERE "flagLine" GLOB 'arrived [0-9]* m from the restaurant (position accuracy [0-9]* m)' OR "flagLine" GLOB 'picked up [0-9]* m from the restaurant (position accuracy [0-9]* m)'
  OR "flagLine" GLOB 'delivered [0-9]* m from the drop-off (position accuracy [0-9]* m)';
-- Read whole: its text goes; a line none of the list: the row keeps its text, and no keys.
UPDATE "DeliveryJob" SET "flagReason" = NULL WHERE "flagReason" IS NOT NULL AND "flagRest" IS NULL AND "flagLine" IS NULL;
UPDATE "DeliveryJob" SET "flags" = NULL WHERE "flagReason" IS NOT NULL;
ALTER TABLE "DeliveryJob" DROP COLUMN "flagRest";
ALTER TABLE "DeliveryJob" DROP COLUMN "flagLine";
