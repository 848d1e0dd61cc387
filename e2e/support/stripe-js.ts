import type { BrowserContext, Request } from "@playwright/test";
import type { StripeStandIn } from "@/lib/server/payments/providers/stripe/testing/stand-in";

// A stand-in of Stripe.js for the browser specs (docs/architecture/stripe.md "Stripe.js"): no Stripe
// host is reachable here, so the context answers https://js.stripe.com with this script and
// https://api.stripe.com with the Stripe API stand-in (lib/server/payments/providers/stripe/testing/stand-in.ts)
// the Nosh server under test also calls. It implements what Nosh's pages call and no more:
// Stripe(pk) (loadStripe), elements() with the Payment Element (a card number, expiry and CVC in a
// frame of its own; mount, on('ready'|'change'), submit's validation) and the Express Checkout
// Element (one wallet button, "Google Pay": click, then confirm), createPaymentMethod({ elements })
// (the card POSTed to Stripe's API, as Stripe.js does, with the key in the form) and
// handleNextAction({ clientSecret }) (a 3-D Secure dialog: "Complete authentication" or "Fail
// authentication", answered to the API stand-in). Not Stripe.js: none of its fraud signals, frames
// on Stripe's origin, wallets' payment sheets, nor Link.

const SCRIPT = String.raw`(() => {
  const API = "https://api.stripe.com";
  const luhn = (digits) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return digits.length >= 12 && sum % 10 === 0;
  };
  function emitter() {
    const handlers = {};
    const fired = {};
    return {
      on(event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        // A listener attached after "ready" still hears it (React attaches them after mount).
        if (event === "ready" && fired.ready) setTimeout(() => handler(fired.ready), 0);
        return this;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] || []).filter((h) => h !== handler);
        return this;
      },
      emit(event, payload) {
        if (event === "ready") fired.ready = payload;
        (handlers[event] || []).forEach((h) => h(payload));
      },
    };
  }
  function frame(node, title, html) {
    const iframe = document.createElement("iframe");
    iframe.title = title;
    iframe.style.cssText = "border:0;width:100%;display:block";
    node.appendChild(iframe);
    const doc = iframe.contentDocument;
    doc.body.style.cssText = "margin:0;font:16px system-ui,sans-serif";
    doc.body.innerHTML = html;
    iframe.style.height = doc.body.scrollHeight + 8 + "px";
    return { iframe, doc };
  }
  const FIELD = "display:block;width:100%;box-sizing:border-box;margin:4px 0 10px;padding:10px;font:inherit;border:1px solid #ccc;border-radius:8px";
  function paymentElement() {
    const events = emitter();
    let doc = null;
    let iframe = null;
    const value = () => ({
      number: doc.getElementById("number").value.replace(/\D/g, ""),
      expiry: doc.getElementById("expiry").value.trim(),
      cvc: doc.getElementById("cvc").value.trim(),
    });
    const problem = () => {
      const v = value();
      if (!v.number) return "Your card number is incomplete.";
      if (!luhn(v.number)) return "Your card number is invalid.";
      const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(v.expiry);
      if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return "Your card's expiration date is incomplete.";
      if (!/^\d{3,4}$/.test(v.cvc)) return "Your card's security code is incomplete.";
      return null;
    };
    return Object.assign(events, {
      mount(node) {
        ({ doc, iframe } = frame(
          node,
          "Secure payment input frame",
          '<label>Card number<input id="number" autocomplete="cc-number" inputmode="numeric" style="' + FIELD + '"></label>' +
            '<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px"><label>Expiration date<input id="expiry" placeholder="MM / YY" style="' + FIELD + '"></label>' +
            '<label>Security code<input id="cvc" inputmode="numeric" style="' + FIELD + '"></label></div>' +
            '<p id="error" role="alert" style="color:#df1b41;margin:0;font-size:14px"></p>',
        ));
        doc.addEventListener("input", () => {
          doc.getElementById("error").textContent = "";
          events.emit("change", { elementType: "payment", empty: !value().number, complete: !problem(), value: { type: "card" } });
        });
        setTimeout(() => events.emit("ready", { elementType: "payment" }), 20);
      },
      update() {},
      unmount() {},
      destroy() {
        iframe && iframe.remove();
      },
      _validate() {
        const message = problem();
        if (doc) doc.getElementById("error").textContent = message || "";
        if (iframe) iframe.style.height = doc.body.scrollHeight + 8 + "px";
        return message;
      },
      _card() {
        const v = value();
        const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(v.expiry);
        return { "card[number]": v.number, "card[exp_month]": String(Number(m[1])), "card[exp_year]": "20" + m[2], "card[cvc]": v.cvc };
      },
    });
  }
  function expressCheckoutElement(group) {
    const events = emitter();
    let button = null;
    return Object.assign(events, {
      mount(node) {
        button = document.createElement("button");
        button.type = "button";
        button.textContent = "Google Pay";
        button.setAttribute("aria-label", "Pay with Google Pay");
        button.style.cssText = "width:100%;height:44px;border:0;border-radius:8px;background:#000;color:#fff;font:600 16px system-ui,sans-serif;cursor:pointer";
        button.addEventListener("click", () => {
          events.emit("click", { expressPaymentType: "google_pay", resolve() {}, reject() {} });
          // The wallet's payment sheet, approved: the element's confirm.
          group._wallet = "google_pay";
          events.emit("confirm", {
            expressPaymentType: "google_pay",
            billingDetails: { name: "Wallet Holder" },
            paymentFailed() {
              group._wallet = null;
            },
          });
        });
        node.appendChild(button);
        setTimeout(() => events.emit("ready", { elementType: "expressCheckout", availablePaymentMethods: { googlePay: true, applePay: false, link: false } }), 20);
      },
      update() {},
      unmount() {},
      destroy() {
        button && button.remove();
      },
    });
  }
  function challengeDialog() {
    return new Promise((resolve) => {
      const overlay = document.createElement("div");
      overlay.setAttribute("role", "dialog");
      overlay.setAttribute("aria-modal", "true");
      overlay.setAttribute("aria-label", "3D Secure test authentication");
      overlay.style.cssText = "position:fixed;inset:0;z-index:10000;background:rgba(0,0,0,.5);display:grid;place-items:center";
      const box = document.createElement("div");
      box.style.cssText = "background:#fff;padding:24px;border-radius:8px;max-width:320px;font:16px system-ui,sans-serif";
      box.innerHTML = "<p>Stand-in of Stripe's 3D Secure test page</p>";
      for (const [label, passed] of [["Complete authentication", true], ["Fail authentication", false]]) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        b.style.cssText = "display:block;width:100%;margin-top:8px;min-height:44px";
        b.addEventListener("click", () => {
          overlay.remove();
          resolve(passed);
        });
        box.appendChild(b);
      }
      overlay.appendChild(box);
      document.body.appendChild(overlay);
    });
  }
  function Stripe(key) {
    if (typeof key !== "string" || !/^pk_test_/.test(key)) throw new Error("The Stripe.js stand-in takes a pk_test_ key");
    const post = async (path, params) => {
      const response = await fetch(API + path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ key, ...params }).toString(),
      });
      return response.json();
    };
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements(options) {
        if (!options || options.paymentMethodCreation !== "manual") throw new Error("Nosh creates the PaymentMethod in the page: paymentMethodCreation 'manual'");
        // The payment's currency, Stripe's way (lowercase ISO 4217), kept for the spec to read: the order's, the top-up's.
        if (!/^[a-z]{3}$/.test(options.currency || "")) throw new Error("Elements take the payment's currency, lowercase: " + options.currency);
        window.__stripeElementsCurrency = options.currency;
        const group = { _options: options, _wallet: null, _elements: {} };
        return Object.assign(group, {
          create(type, elementOptions) {
            const element = type === "payment" ? paymentElement() : type === "expressCheckout" ? expressCheckoutElement(group) : null;
            if (!element) throw new Error("The Stripe.js stand-in has no " + type + " Element");
            group._elements[type] = element;
            return element;
          },
          getElement(type) {
            return group._elements[type] || null;
          },
          update(options) {
            Object.assign(group._options, options);
          },
          async submit() {
            if (group._wallet) return {};
            const payment = group._elements.payment;
            const message = payment ? payment._validate() : "No payment details";
            return message ? { error: { type: "validation_error", message } } : {};
          },
        });
      },
      async createPaymentMethod(options) {
        const group = options && options.elements;
        if (!group) throw new Error("Nosh creates the PaymentMethod from the Elements");
        const params = group._wallet
          ? { type: "card", "card[wallet]": group._wallet, "card[exp_month]": "12", "card[exp_year]": "2034" }
          : { type: "card", ...group._elements.payment._card() };
        const answer = await post("/v1/payment_methods", params);
        return answer.error ? { error: answer.error } : { paymentMethod: answer };
      },
      async handleNextAction({ clientSecret }) {
        const passed = await challengeDialog();
        const intent = clientSecret.split("_secret_")[0];
        const answer = await post("/v1/payment_intents/" + intent + "/stand_in_challenge", { client_secret: clientSecret, passed: String(passed) });
        return answer.error ? { error: answer.error } : { paymentIntent: answer };
      },
      // Stripe.js's other calls, which Nosh never makes (react-stripe-js checks they exist).
      async confirmPayment() {
        throw new Error("Nosh confirms its PaymentIntents on the server: confirmPayment is not called");
      },
      async confirmCardPayment() {
        throw new Error("Nosh does not call confirmCardPayment");
      },
      async createToken() {
        throw new Error("Nosh does not call createToken");
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

const CORS = { "access-control-allow-origin": "*" };

/**
 * Routes the context's Stripe hosts to the stand-ins: js.stripe.com answers the script above,
 * api.stripe.com the Stripe API stand-in (the browser's calls only: createPaymentMethod's card,
 * handleNextAction's answer). Returns the requests that went to Stripe's hosts.
 */
export async function routeStripe(context: BrowserContext, standIn: StripeStandIn, publishableKey: string): Promise<Request[]> {
  const sent: Request[] = [];
  await context.route("https://js.stripe.com/**", (route) => {
    sent.push(route.request());
    return route.fulfill({ status: 200, contentType: "application/javascript", headers: CORS, body: SCRIPT });
  });
  await context.route("https://api.stripe.com/**", (route) => {
    const request = route.request();
    sent.push(request);
    const params = new URLSearchParams(request.postData() ?? "");
    const reply = (status: number, body: unknown) => route.fulfill({ status, contentType: "application/json", headers: CORS, body: JSON.stringify(body) });
    if (params.get("key") !== publishableKey) return reply(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && path === "/v1/payment_methods") {
      const wallet = params.get("card[wallet]");
      const answer = standIn.cardFromBrowser({
        number: params.get("card[number]") ?? undefined,
        expMonth: Number(params.get("card[exp_month]")),
        expYear: Number(params.get("card[exp_year]")),
        ...(wallet === "google_pay" || wallet === "apple_pay" ? { wallet } : {}),
      });
      return reply(answer.status, answer.body);
    }
    const challenge = /^\/v1\/payment_intents\/(pi_\w+)\/stand_in_challenge$/.exec(path);
    if (request.method() === "POST" && challenge) {
      const intent = standIn.intent(challenge[1]!);
      if (!intent || intent.client_secret !== params.get("client_secret"))
        return reply(400, { error: { type: "invalid_request_error", message: "The client_secret provided does not match this PaymentIntent" } });
      standIn.completeChallenge(challenge[1]!, params.get("passed") === "true");
      return reply(200, standIn.intent(challenge[1]!));
    }
    return reply(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method()}: ${path})` } });
  });
  return sent;
}
