import type { SignInProvider } from "@/lib/shared/people/sign-in-providers";
import type { Words } from "@/lib/i18n/words";
import { ProviderButtons } from "./provider-buttons";
import { providerLogos } from "./provider-logos";
import styles from "./provider-sign-in.module.css";

/** /login's and /signup's provider buttons (components/auth/provider-buttons.tsx), their marks drawn here on the server. */
export function ProviderSignIn(props: { providers: SignInProvider[]; next: string; words: Words<"profile">["signInWith"] }) {
  return <ProviderButtons {...props} logos={providerLogos(styles.logo!)} />;
}
