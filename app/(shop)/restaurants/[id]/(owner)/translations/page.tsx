import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { BackLink } from "@/components/owner/back-link";
import { RoleRefused } from "@/components/team/role-refused";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { LazyMenuTranslationsForm } from "@/components/owner/translations/menu-translations-lazy";
import type { DishWords, Word } from "@/components/owner/translations/menu-translations-form";
import { LOCALE_NAMES } from "@/lib/i18n/locale";
import { isMenuLanguage, MENU_LANGUAGES, type MenuLanguage, type Translations } from "@/lib/shared/menu/menu-translations";
import { menuTranslations } from "@/lib/server/menu/translations";
import { teamPageFor } from "@/lib/server/web/page-data";
import { getT, getWords } from "@/lib/i18n/translate";
import styles from "@/components/owner/translations/translations.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("menus"))("translations.title") };
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ lang?: string | string[] }> };

// The owner's menu in other languages (docs/architecture/languages.md "Menus in several
// languages"): a tab per language besides English, a field per word of the menu. Managers too.
export default async function MenuTranslationsPage({ params, searchParams }: Props) {
  const access = await teamPageFor((await params).id, "manager");
  if ("refused" in access) return <RoleRefused {...access} />;
  const { user, restaurant } = access;
  const asked = (await searchParams).lang;
  const language: MenuLanguage = isMenuLanguage(asked) ? asked : MENU_LANGUAGES[0];
  const [menu, t, words] = await Promise.all([menuTranslations(user, restaurant.id), getT("menus"), getWords("menus")]);
  const word = (row: { id: number; name: string; translations: Translations }, field: "name" | "description" = "name", original = row.name): Word => ({
    id: row.id,
    original,
    word: row.translations[language]?.[field] ?? "",
  });
  const dishes: DishWords[] = menu.dishes.map((dish) => ({
    id: dish.id,
    name: word(dish),
    description: word(dish, "description", dish.description),
    groups: dish.optionGroups.map((group) => ({ ...word(group), options: group.options.map((option) => word(option)) })),
  }));
  return (
    <div className="container">
      <BackLink href={`/restaurants/${restaurant.id}/menu`}>{t("common.menu")}</BackLink>
      <PageHeader title={t("translations.title")} subtitle={t("translations.subtitle", { name: restaurant.name })} />
      <nav aria-label={t("translations.languages")} className={styles.tabs}>
        {MENU_LANGUAGES.map((code) => (
          <Link
            key={code}
            href={`/restaurants/${restaurant.id}/translations?lang=${code}`}
            className={buttonClass({ variant: code === language ? "primary" : "secondary", size: "small" })}
            aria-current={code === language ? "page" : undefined}
            lang={code}
          >
            {LOCALE_NAMES[code]}
          </Link>
        ))}
      </nav>
      {dishes.length ? (
        <LazyMenuTranslationsForm
          key={language}
          restaurantId={restaurant.id}
          language={language}
          languageName={LOCALE_NAMES[language]}
          sections={menu.sections.map((section) => word(section))}
          dishes={dishes}
          words={words.translations}
        />
      ) : (
        <p>{t("translations.noDishes")}</p>
      )}
    </div>
  );
}
