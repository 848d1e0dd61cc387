-- Issue 51 item 11 (docs/architecture/couriers.md "Messages"): the customer's and the courier's
-- messages while a delivery is live, kept 30 days after the job closed.
CREATE TABLE "DeliveryMessage" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "jobId" INTEGER NOT NULL,
    "courierId" INTEGER NOT NULL,
    "senderId" INTEGER NOT NULL,
    "senderRole" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeliveryMessage_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "DeliveryMessage" ADD CONSTRAINT "DeliveryMessage_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "DeliveryMessage_orderId_id_idx" ON "DeliveryMessage"("orderId", "id");
CREATE INDEX "DeliveryMessage_jobId_idx" ON "DeliveryMessage"("jobId");
-- Each message wakes the other side's stream with a `courier_message` event (its id, never its text).
ALTER TABLE "OrderEvent" DROP CONSTRAINT "OrderEvent_stage_check";
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_stage_check" CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired',
    'courier_searching','courier_assigned','courier_arrived','courier_position','courier_released','courier_not_found','delivery_failed',
    'job_offered','job_withdrawn','job_canceled','notification','prep_changed','courier_message'));
