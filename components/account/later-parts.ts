// The two parts of /account loaded after the page (components/account/later-sections.tsx), in
// one chunk: one name in the page's first-load JavaScript instead of two.
export { TextMessages } from "@/components/texts/text-messages";
export { LinkedSignIns } from "./linked-sign-ins";
