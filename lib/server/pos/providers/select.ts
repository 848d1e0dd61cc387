import "server-only";
import { config } from "../../platform/config";
import { builtinPos } from "./builtin";
import type { PosProvider } from "./provider";
import { squareProvider } from "./square/provider";

// The point of sale in use (docs/architecture/kitchen.md "The point of sale"): Square when
// POS=square (its settings checked at start-up, lib/edge/pos-settings.ts), the built-in one by
// default outside production, none in production without POS (nothing can be linked then).

let selected: { provider: PosProvider | null; for: object } | undefined;

export function posProvider(): PosProvider | null {
  const settings = config().pos;
  // Read again when the configuration is (the unit tests set it afresh).
  if (selected?.for === settings) return selected.provider;
  const provider = settings.provider === "square" ? squareProvider(settings) : settings.provider === "builtin" ? builtinPos : null;
  selected = { provider, for: settings };
  return provider;
}

/** The provider a webhook's path names, while it is the one configured (any other: null, a 404). */
export const posProviderNamed = (name: string): PosProvider | null => {
  const provider = posProvider();
  return provider && provider.name === name ? provider : null;
};
