-- A legal document's version in another language (docs/architecture/legal.md "Languages"): one
-- row per document, version and language, replaced when an operator corrects it. Twin of SQLite's.
CREATE TABLE "LegalTranslation" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdById" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LegalTranslation_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "LegalTranslation_kind_version_language_key" ON "LegalTranslation"("kind", "version", "language");
