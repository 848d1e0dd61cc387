export { default } from "@/components/owner/owned-restaurant-layout";
