import { expect, test } from "../fixtures";
import { newClient } from "../support/api";

// The forms' own checks in the reader's language (docs/architecture/languages.md): a Spanish
// sign-up with a bad email and a short password shows the Spanish messages beside those fields,
// before any call; the same rules answered by the API are Spanish too; English is as the spec says.

test("a Spanish visitor's sign-up shows its checks' messages in Spanish beside the fields; an English one's as the spec writes them", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "nosh_lang", value: "es", url: baseURL! }]);
  await page.goto("/signup");
  const form = page.locator("form").filter({ has: page.locator('input[name="credential"]') });
  await form.locator('input[name="name"]').fill("Ana");
  await form.locator('input[name="credential"]').fill("ana@");
  await form.locator('input[name="password"]').fill("corta");
  await form.locator('input[name="address"]').fill("en algún lugar");
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText("Correo no válido")).toBeVisible();
  await expect(form.getByText("La contraseña debe tener al menos 8 caracteres")).toBeVisible();
  await expect(form.getByText("La dirección debe ser DIRECCIÓN, CIUDAD, ESTADO, CÓDIGO POSTAL, separados por comas")).toBeVisible();
  await expect(form.locator('input[name="credential"]')).toHaveAttribute("aria-invalid", "true");

  await page.context().clearCookies();
  await page.goto("/signup");
  await form.locator('input[name="credential"]').fill("ana@");
  await form.locator('input[name="password"]').fill("short");
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText("Invalid email")).toBeVisible();
  await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
});

test("the API answers a schema's rules in the request's language, English byte for byte", async ({ baseURL }) => {
  const spanish = await newClient(baseURL!, { "Accept-Language": "es-MX,es;q=0.9" });
  const refused = await spanish.post("/api/auth/signup", { name: "Ana", credential: "ana@", password: "corta" });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors).toMatchObject({ password: "La contraseña debe tener al menos 8 caracteres" });
  const english = await newClient(baseURL!);
  const same = await english.post("/api/auth/signup", { name: "Ana", credential: "ana@", password: "short" });
  expect((await same.json()).errors).toMatchObject({ password: "Password must be at least 8 characters" });
  await spanish.dispose();
  await english.dispose();
});
