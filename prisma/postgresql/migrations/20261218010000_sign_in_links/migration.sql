-- Sign in with Google and Apple (docs/architecture/accounts-security.md "Google and Apple"): the
-- linked sign-ins, one per provider an account, and the flows under way (state, PKCE, nonce).
CREATE TABLE "SignInLink" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "SignInLink_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "SignInLink" ADD CONSTRAINT "SignInLink_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "SignInLink_provider_subject_key" ON "SignInLink"("provider", "subject");
CREATE UNIQUE INDEX "SignInLink_userId_provider_key" ON "SignInLink"("userId", "provider");
CREATE TABLE "SignInFlow" (
    "id" SERIAL NOT NULL,
    "stateHash" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "userId" INTEGER,
    "next" TEXT NOT NULL DEFAULT '/',
    "answer" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "SignInFlow_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "SignInFlow_stateHash_key" ON "SignInFlow"("stateHash");
CREATE INDEX "SignInFlow_expiresAt_idx" ON "SignInFlow"("expiresAt");
