import "server-only";
import { config } from "../../platform/config";
import { builtinProvider } from "./builtin";
import type { TextProvider } from "./provider";
import { twilioProvider } from "./twilio/provider";

// The messaging provider in use (docs/architecture/text-messages.md): Twilio when TEXTS=twilio
// (its settings checked at start-up, lib/edge/text-settings.ts), the built-in one by default
// outside production, none in production without TEXTS (no text is written then).

let selected: TextProvider | null | undefined;

export function textProvider(): TextProvider | null {
  if (selected !== undefined) return selected;
  const settings = config().texts;
  return (selected = settings.provider === "twilio" ? twilioProvider(settings) : settings.provider === "builtin" ? builtinProvider : null);
}

/** The provider a callback's path names, while it is the one configured (any other: null, a 404). */
export const textProviderNamed = (name: string): TextProvider | null => {
  const provider = textProvider();
  return provider && provider.name === name ? provider : null;
};
