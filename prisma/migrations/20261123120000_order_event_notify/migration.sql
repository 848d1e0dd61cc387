-- Twin of prisma/postgresql/migrations/20261123120000_order_event_notify, which announces each
-- new OrderEvent row with NOTIFY there. SQLite has no notifications: each server process polls
-- OrderEvent by id instead (lib/server/order-events/). Nothing to do.
SELECT 1;
