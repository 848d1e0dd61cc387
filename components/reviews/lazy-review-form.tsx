"use client";
import { lazy } from "react";

// The review form (star inputs, text, the checks) is not needed to show a page of reviews: it
// loads when one is shown, to rate an order or to edit a review. Where the server renders it
// (rating an order), the page keeps that HTML until the form's code arrives and hydrates it.
export const LazyReviewForm = lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));
