-- An operator's suspension without the rule's warning and new fault after it
-- (docs/architecture/courier-screens.md "Record"): the reason the operator gave for setting the
-- rule aside, which the courier reads on their record. Null for every standing given by the rule.
ALTER TABLE "CourierStanding" ADD COLUMN "override" TEXT;
