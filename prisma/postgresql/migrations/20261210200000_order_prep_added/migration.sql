-- Issue 61 item 6: the minutes the kitchen added to an accepted order (+5 / +10), kept with the window they moved, so every reader says why.
ALTER TABLE "Order" ADD COLUMN "prepAddedMinutes" INTEGER NOT NULL DEFAULT 0;
