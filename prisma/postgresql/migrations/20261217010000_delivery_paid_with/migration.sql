-- A delivery request is paid up front (docs/architecture/api-keys.md "Paying for a delivery"): how
-- its fee and tip were paid on accepting, `earnings` (the restaurant's available balance) or `card`
-- (the owner's, its Payment linked to the order). Null for the requests accepted on credit before.
ALTER TABLE "DeliveryRequest" ADD COLUMN "paidWith" TEXT;
