import type { Metadata } from "next";
import { appLog } from "@/lib/server/platform/log";
import Link from "@/components/ui/link";
import { firstPage, firstPageQuery } from "@/components/reviews/format";
import { ReviewFeed } from "@/components/reviews/review-feed";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listUserReviews, reviewToJson, type ReviewJson } from "@/lib/server/reviews/reviews";
import { requirePageUser } from "@/lib/server/web/session";
import { REVIEW_MESSAGES } from "@/lib/validation/zod-free/review-messages";
import styles from "@/components/reviews/reviews.module.css";

export const metadata: Metadata = { title: "My reviews" };

export default async function MyReviewsPage() {
  const user = await requirePageUser();
  let rows: ReviewJson[] = [];
  try {
    rows = (await listUserReviews(user, firstPageQuery)).map(reviewToJson);
  } catch (error) {
    // The user's reviews failing to load reads as an empty list, not an error page.
    appLog.error("the reviews page could not load the reviews", { err: error });
  }

  return (
    <div className="container">
      <PageHeader title="My reviews" subtitle={rows.length ? "Your reviews of past orders. Edit or delete them any time." : undefined} />
      <div className={styles.mine}>
        <ReviewFeed
          source={{ kind: "mine" }}
          first={firstPage(rows)}
          viewerId={user.id}
          title="Your reviews"
          hideTitle
          empty={
            <EmptyState
              icon="star"
              title={REVIEW_MESSAGES.empty}
              action={
                <Link href="/orders" className={buttonClass()}>
                  Go to your orders
                </Link>
              }
            >
              Rate a delivered order to help others choose where to eat.
            </EmptyState>
          }
        />
      </div>
    </div>
  );
}
