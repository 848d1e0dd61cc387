-- Live order events (lib/server/order-events/): every OrderEvent row, once its transaction
-- commits, is announced on the channel "order_event" with the row's id as the payload. Each
-- server process LISTENs on one dedicated connection and then reads the rows it was told about.
CREATE OR REPLACE FUNCTION "nosh_order_event_notify"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('order_event', NEW."id"::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "OrderEvent_notify" AFTER INSERT ON "OrderEvent"
  FOR EACH ROW EXECUTE FUNCTION "nosh_order_event_notify"();
