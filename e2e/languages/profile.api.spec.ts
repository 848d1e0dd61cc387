import { expect, test } from "../fixtures";
import { buttonsOf, headings, textOf } from "../support/html";

// The customer's own screens in Spanish (docs/architecture/languages.md; the catalogue's `profile`
// namespace): sign-in and sign-up for a browser asking for Spanish, the account and the wallet for
// a customer whose language is Spanish; English is unchanged.

const titleOf = (html: string) => textOf(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");

test.describe("the profile screens in Spanish", () => {
  test("sign in, sign up and the forgotten password answer a browser asking for Spanish in Spanish; English stays", async ({ request }) => {
    const es = { "Accept-Language": "es-MX,es;q=0.9" };
    const login = await (await request.get("/login", { headers: es })).text();
    expect(headings(login)).toEqual(["Qué bueno verte de nuevo"]);
    expect(titleOf(login)).toBe("Iniciar sesión · Nosh");
    expect(textOf(login)).toContain("¿Olvidaste tu contraseña?");
    expect(buttonsOf(login)).toEqual(expect.arrayContaining(["Iniciar sesión", "Iniciar sesión con una llave de acceso"]));

    expect(headings(await (await request.get("/signup", { headers: es })).text())).toEqual(["Crea tu cuenta"]);
    expect(headings(await (await request.get("/forgot-password", { headers: es })).text())).toEqual(["¿Olvidaste tu contraseña?"]);

    const english = await (await request.get("/login", { headers: { "Accept-Language": "en-US" } })).text();
    expect(headings(english)).toEqual(["Welcome back"]);
    expect(buttonsOf(english)).toEqual(expect.arrayContaining(["Sign in", "Sign in with a passkey"]));
  });

  test("a Spanish customer's account and wallet are in Spanish, the wallet's amounts formatted for Spanish", async ({ customer }) => {
    const { client, user } = customer;
    expect((await client.put(`/api/users/${user.id}`, { language: "es" })).status()).toBe(200);

    const account = await (await client.get("/account")).text();
    expect(headings(account)).toEqual(["Cuenta"]);
    expect(headings(account, 2)).toEqual(
      expect.arrayContaining(["Datos personales", "Entrega", "Alergias", "Seguridad", "Llaves de acceso", "Tus datos", "Eliminar cuenta"]),
    );
    expect(buttonsOf(account)).toEqual(expect.arrayContaining(["Cerrar sesión en todos los dispositivos", "Eliminar mi cuenta"]));

    const email = await (await client.get("/account/email")).text();
    expect(headings(email)).toEqual(["Correo electrónico"]);
    expect(textOf(email)).toContain("Volver a la cuenta");

    const wallet = await (await client.get("/wallet")).text();
    // The loading screen's heading streams first, then the page's.
    expect(headings(wallet)).toContain("Monedero");
    expect(textOf(wallet)).toContain("Saldo del monedero");
    expect(headings(wallet, 2)).toContain("Estado de cuenta");
    expect(textOf(wallet)).toContain("999,99");
  });
});
