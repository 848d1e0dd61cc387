import { expect, test } from "../fixtures";
import { newClient, signUp, type Client } from "../support/api";

// The language a person signs up in (docs/architecture/languages.md "The person's setting"): the
// page's, from its cookie or the browser's Accept-Language, is kept as theirs (User.language), so
// the mails sent at sign-up (the welcome and the verification link) are in it; a guest keeps its
// page's too.

/** The texts of the mails in `client`'s person's development mailbox, once both sign-up mails are there. */
async function signupMails(client: Client): Promise<string> {
  let html = "";
  await expect
    .poll(
      async () => {
        html = await (await client.get("/dev/mailbox")).text();
        // The verification link's mail and the welcome's (in either language).
        return html.includes("/verify-email?token=") && /Welcome to Nosh|Te damos la bienvenida a Nosh/.test(html);
      },
      { message: "the welcome and verification mails in the development mailbox", timeout: 15_000 },
    )
    .toBe(true);
  return html;
}

test.describe("the language of sign-up", () => {
  test("a sign-up from a Spanish browser (Accept-Language) is Spanish: its user JSON says es, its welcome and verification mails are Spanish", async ({ baseURL }) => {
    const client = await newClient(baseURL!, { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" });
    const { user } = await signUp(client, {}, "es-browser");
    expect(user.language).toBe("es");
    const mails = await signupMails(client);
    expect(mails).toContain("Te damos la bienvenida a Nosh");
    expect(mails).toContain("Confirma tu dirección de correo");
    expect(mails).not.toContain("Welcome to Nosh");
    expect(mails).not.toContain("Confirm your email address");
  });

  test("a sign-up after the footer's Español (the nosh_lang cookie) from an English browser is Spanish", async ({ baseURL }) => {
    const client = await newClient(baseURL!, { "Accept-Language": "en-US,en;q=0.9" });
    await client.get("/language/es");
    expect(await client.cookie("nosh_lang")).toBe("es");
    const { user } = await signUp(client, {}, "es-cookie");
    expect(user.language).toBe("es");
    const mails = await signupMails(client);
    expect(mails).toContain("Te damos la bienvenida a Nosh");
    expect(mails).toContain("Confirma tu dirección de correo");
  });

  test("an English sign-up stays English, word for word; a guest from a Spanish browser is Spanish", async ({ baseURL }) => {
    const client = await newClient(baseURL!, { "Accept-Language": "en-US,en;q=0.9" });
    const { user } = await signUp(client, {}, "en-browser");
    expect(user.language).toBe("en");
    const mails = await signupMails(client);
    expect(mails).toContain("Welcome to Nosh");
    expect(mails).toContain("Confirm your email address");
    expect(mails).not.toContain("Te damos la bienvenida");

    const guest = await newClient(baseURL!, { "Accept-Language": "es-ES" });
    const made = await guest.post("/api/auth/guest");
    expect(made.status()).toBe(201);
    expect((await made.json()).language).toBe("es");
  });
});
