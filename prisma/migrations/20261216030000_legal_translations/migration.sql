-- A legal document's version in another language (docs/architecture/legal.md "Languages"): one
-- row per document, version and language, replaced when an operator corrects it.
CREATE TABLE "LegalTranslation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdById" INTEGER,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "LegalTranslation_kind_version_language_key" ON "LegalTranslation"("kind", "version", "language");
