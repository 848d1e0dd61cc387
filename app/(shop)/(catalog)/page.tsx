import { redirect } from "next/navigation";
import { LandingFeatures } from "@/components/landing/landing-features";
import { LandingHero } from "@/components/landing/landing-hero";
import { getCurrentUser } from "@/lib/server/web/session";

const text = (value: string | string[] | undefined) => (typeof value === "string" ? value.slice(0, 200) : undefined);

// Landing: signed-in visitors, guests included, go straight to /home. Its search form is a plain
// GET to / (?address=&when=), so a Search pressed before hydration comes back with what was typed.
export default async function LandingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await getCurrentUser()) redirect("/home");
  const query = await searchParams;
  const address = text(query.address);
  return (
    <>
      <LandingHero typed={address === undefined ? undefined : { address, when: query.when === "later" ? "later" : "now" }} />
      <LandingFeatures />
    </>
  );
}
