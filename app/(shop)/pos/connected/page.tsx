import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { LazyPosConnected } from "@/components/owner/pos/pos-connected-lazy";
import { getT, getWords } from "@/lib/i18n/translate";
import { posProvider } from "@/lib/server/pos/providers/select";
import { requireAccountPage } from "@/lib/server/web/page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("kitchen"))("pos.callbackTitle"), referrer: "no-referrer" };
}

// Where the point of sale sends the seller back (docs/architecture/kitchen.md "The point of
// sale"): the page hands its code and state to POST /api/pos/{provider}/connect, then goes back to
// the restaurant's settings. The URL registered with the POS is this one.
export default async function PosConnectedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAccountPage();
  const params = await searchParams;
  const text = (name: string) => (typeof params[name] === "string" ? params[name] : "");
  const [t, words] = await Promise.all([getT("kitchen"), getWords("kitchen")]);
  return (
    <div className="container">
      <PageHeader title={t("pos.callbackTitle")} />
      <LazyPosConnected provider={posProvider()?.name ?? null} code={text("code")} state={text("state")} denied={Boolean(text("error"))} words={words.pos} />
    </div>
  );
}
