import type { Metadata } from "next";
import { appLog } from "@/lib/server/platform/log";
import { firstPage, firstPageQuery } from "@/components/reviews/format";
import { ReviewFeed } from "@/components/reviews/review-feed";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listUserReviews, reviewToJson, type ReviewJson } from "@/lib/server/reviews/reviews";
import { requirePageUser } from "@/lib/server/web/session";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import styles from "@/components/reviews/reviews.module.css";
import { formRules } from "@/lib/server/web/form-rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("browse.reviews.pages"))("mine") };
}

export default async function MyReviewsPage() {
  const user = await requirePageUser();
  const [{ reviews }, locale, rules] = await Promise.all([getWords("browse"), requestLocale(), formRules("review")]);
  const words = { ...reviews, form: { ...reviews.form, rules } };
  const page = words.pages;
  let rows: ReviewJson[] = [];
  try {
    rows = (await listUserReviews(user, firstPageQuery)).map(reviewToJson);
  } catch (error) {
    // The user's reviews failing to load reads as an empty list, not an error page.
    appLog.error("the reviews page could not load the reviews", { err: error });
  }

  return (
    <div className="container">
      <PageHeader title={page.mine} subtitle={rows.length ? page.mineSubtitle : undefined} />
      <div className={styles.mine}>
        <ReviewFeed
          source={{ kind: "mine" }}
          first={firstPage(rows)}
          viewerId={user.id}
          title={page.yours}
          words={words}
          locale={locale}
          hideTitle
          empty={
            <EmptyState icon="star" title={words.summary.empty} link={{ href: "/orders", text: page.goOrders }}>
              {page.mineEmpty}
            </EmptyState>
          }
        />
      </div>
    </div>
  );
}
