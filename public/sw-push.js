// Web push handlers: see docs/architecture/notifications.md
