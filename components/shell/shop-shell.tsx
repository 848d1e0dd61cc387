import type { ReactNode } from "react";
import { LiveOrdersBanner } from "@/components/orders/live-orders-banner";
import { BrandMark } from "./brand";
import { Footer } from "./footer";
import { SearchBox } from "./search-box";
import { TopBar } from "./top-bar";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";
import { failureWordsIn } from "@/lib/server/web/stored-texts";
import styles from "./shell.module.css";

/** The full store shell: skip link, top bar, the live banner of open orders, the page as <main>, footer. */
export async function ShopShell({ children }: { children: ReactNode }) {
  const [t, words, cart, profile, flow, locale, dish, addressRules, signupRules, browse, allergens] = await Promise.all([
    getT("shell"),
    getWords("shell"),
    getWords("cart"),
    getWords("profile"),
    getWords("orderflow"),
    requestLocale(),
    getWords("dish"),
    formRules("address"),
    formRules("auth"),
    getWords("browse"),
    getWords("allergens"),
  ]);
  const labels = { diet: allergens.diet, contains: allergens.contains, mayContain: allergens.mayContain, short: allergens.short, diets: allergens.diets };
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t("skip")}
      </a>
      <TopBar
        brand={<BrandMark compact />}
        search={<SearchBox />}
        words={words}
        cartWords={{
          ...cart,
          labels,
          gone: flow.checkout.menuChanges,
          dialog: { words: dish.choices, add: { addToCart: dish.addToCart, inCart: dish.inCart }, notes: browse.cartMarket.dialog },
        }}
        profile={{ addressEditor: { ...profile.addressEditor, rules: addressRules }, signup: { ...profile.signup, rules: signupRules }, bell: profile.bell }}
        locale={locale}
      />
      <LiveOrdersBanner words={{ ...flow.feed, failures: failureWordsIn(locale) }} locale={locale} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
