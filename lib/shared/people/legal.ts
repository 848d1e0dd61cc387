// The legal documents (docs/architecture/legal.md): each is a page at /legal/<kind>, versioned;
// an operator publishes a new version at /admin/legal. Who must accept which, and where:
// everyone who signs up the terms and the privacy policy, an owner adding a restaurant the
// partner agreement, a courier applying the courier agreement. The cookie notice is read, not accepted.

export const LEGAL_KINDS = ["terms", "privacy", "restaurant-partners", "couriers", "cookies"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** Each document's name as links and headings say it. */
export const LEGAL_NAMES: Record<LegalKind, string> = {
  terms: "Terms of Service",
  privacy: "Privacy Policy",
  "restaurant-partners": "Restaurant Partner Agreement",
  couriers: "Courier Agreement",
  cookies: "Cookie Notice",
};

export const legalPath = (kind: LegalKind) => `/legal/${kind}`;
export const isLegalKind = (value: string): value is LegalKind => (LEGAL_KINDS as readonly string[]).includes(value);

/** Where an acceptance was given. */
export type AcceptedVia = "signup" | "restaurant" | "courier" | "prompt";

/** What each step asks the person to accept. */
export const ACCEPTED_AT: Record<Exclude<AcceptedVia, "prompt">, readonly LegalKind[]> = {
  signup: ["terms", "privacy"],
  restaurant: ["restaurant-partners"],
  courier: ["couriers"],
};

/** The interstitial accept page: a signed-in owner or courier is sent here when a document they accepted has a newer version. */
export const ACCEPT_PATH = "/legal/accept";
