import { signUpCustomer, type SignedUp } from "./api";
import { makeOperator } from "./couriers";

/**
 * A fresh operator of the test's own (as `npm run operator -- grant` makes one): each test acts
 * with its own, so the per-operator action throttle (30 a minute) never counts another test's.
 */
export async function signUpOperator(baseURL: string): Promise<SignedUp> {
  const signed = await signUpCustomer(baseURL);
  await makeOperator(signed.user.id);
  return signed;
}
