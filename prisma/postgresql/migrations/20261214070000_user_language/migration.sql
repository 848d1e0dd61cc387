-- The language a person reads Nosh in (docs/architecture/languages.md "The person's setting"):
-- one of lib/i18n/locale.ts LOCALES, null until chosen (then the browser's Accept-Language).
-- Mail, push and receipts are written in it.
ALTER TABLE "User" ADD COLUMN "language" TEXT;
