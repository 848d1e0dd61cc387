-- Issue 52 item 4 (docs/architecture/kitchen.md): the board's +5 / +10 on an accepted order writes
-- a `prep_changed` event, so the customer's page and the board read the order again (its ready
-- time and arrival window moved).
ALTER TABLE "OrderEvent" DROP CONSTRAINT "OrderEvent_stage_check";
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_stage_check" CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired',
    'courier_searching','courier_assigned','courier_arrived','courier_position','courier_released','courier_not_found','delivery_failed',
    'job_offered','job_withdrawn','job_canceled','notification','prep_changed'));
