-- Issue 51 item 10 (docs/architecture/couriers.md "Drop-off"): the customer's drop-off choice and
-- the courier's photo of a left-at-the-door order (deleted after the problem-report window).
ALTER TABLE "Order" ADD COLUMN "dropoff" TEXT NOT NULL DEFAULT 'hand_to_me';
ALTER TABLE "Order" ADD COLUMN "dropoffPhoto" TEXT;
