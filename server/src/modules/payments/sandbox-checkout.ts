/**
 * The sandbox's stand-in for https://checkout.razorpay.com/v1/checkout.js: it defines
 * window.Razorpay with the real options and events (handler, modal.ondismiss, on("payment.failed")),
 * and shows a small modal with Pay and Fail — like Razorpay's test mode. Pay asks the server's
 * sandbox for a signed payment; the shop then verifies it through the production path.
 * Plain DOM and CSSOM only, so it runs under the shop's strict Content-Security-Policy.
 */
export const SANDBOX_CHECKOUT_JS = `(() => {
  "use strict";
  function el(tag, props, children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children || []) node.append(child);
    return node;
  }
  function style(node, css) { Object.assign(node.style, css); return node; }
  function rupees(paise) {
    return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100);
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.handlers = {};
  }
  Razorpay.sandbox = true;
  Razorpay.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
  };
  Razorpay.prototype.close = function () {
    if (this.overlay) this.overlay.remove();
    this.overlay = null;
  };
  Razorpay.prototype.open = function () {
    const o = this.options;
    const self = this;
    const status = el("p", { role: "status" });
    const pay = el("button", { type: "button", textContent: "Pay " + rupees(o.amount), className: "btn btn-success" });
    const fail = el("button", { type: "button", textContent: "Fail", className: "btn btn-outline-danger" });
    const cancel = el("button", { type: "button", textContent: "Cancel", className: "btn btn-link" });
    const title = el("h2", { id: "rzp-sandbox-title", textContent: "Razorpay sandbox", className: "h5" });
    const dialog = style(
      el("div", { role: "dialog", ariaModal: "true" }, [
        title,
        el("p", { textContent: (o.name || "") + (o.description ? " — " + o.description : "") }),
        el("p", { textContent: "Order " + o.order_id + " · " + rupees(o.amount) + " " + (o.currency || "INR") }),
        el("p", { className: "text-body-secondary small", textContent: "Test mode: no money moves. Choose how this payment ends." }),
        style(el("div", {}, [pay, fail, cancel]), { display: "flex", gap: "8px", flexWrap: "wrap" }),
        status,
      ]),
      { background: "#fff", color: "#212529", padding: "24px", borderRadius: "8px", maxWidth: "420px", width: "92%", boxShadow: "0 8px 32px rgba(0,0,0,.3)" },
    );
    dialog.setAttribute("aria-labelledby", "rzp-sandbox-title");
    this.overlay = style(el("div", { className: "rzp-sandbox" }, [dialog]), {
      position: "fixed", inset: "0", background: "rgba(0,0,0,.55)", display: "flex",
      alignItems: "center", justifyContent: "center", zIndex: "2000",
    });
    document.body.append(this.overlay);
    pay.focus();

    pay.onclick = async () => {
      pay.disabled = fail.disabled = true;
      status.textContent = "Processing payment…";
      try {
        const res = await fetch("/sandbox/razorpay/pay", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ order_id: o.order_id }),
        });
        if (!res.ok) throw new Error("The sandbox refused the payment");
        const proof = await res.json();
        self.close();
        if (typeof o.handler === "function") o.handler(proof);
      } catch (error) {
        status.textContent = String(error && error.message ? error.message : error);
        pay.disabled = fail.disabled = false;
      }
    };
    fail.onclick = async () => {
      pay.disabled = fail.disabled = true;
      // Recorded by the sandbox as a failed attempt (not final: Pay Now can still pay the order).
      let paymentId = "pay_sandbox_unrecorded";
      try {
        const res = await fetch("/sandbox/razorpay/fail", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ order_id: o.order_id }),
        });
        if (res.ok) paymentId = (await res.json()).razorpay_payment_id;
      } catch (error) {}
      self.close();
      const response = {
        error: {
          code: "BAD_REQUEST_ERROR",
          description: "Your payment could not be completed as the bank declined it.",
          source: "bank",
          step: "payment_authorization",
          reason: "payment_failed",
          metadata: { order_id: o.order_id, payment_id: paymentId },
        },
      };
      for (const handler of self.handlers["payment.failed"] || []) handler(response);
    };
    cancel.onclick = () => {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
    };
  };
  window.Razorpay = Razorpay;
})();
`;
