import { redirect } from "next/navigation";
import { LandingFeatures } from "@/components/landing/landing-features";
import { LandingHero } from "@/components/landing/landing-hero";
import { getCurrentUser } from "@/lib/server/session";

// Landing: signed-in visitors, guests included, go straight to /home.
export default async function LandingPage() {
  if (await getCurrentUser()) redirect("/home");
  return (
    <>
      <LandingHero />
      <LandingFeatures />
    </>
  );
}
