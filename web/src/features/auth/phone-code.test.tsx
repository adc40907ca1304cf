import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../i18n/index.ts";
import { anErrorBody, aStaffUser, aUser } from "../../testing/factories.ts";
import { type FakeAnswer, type FakeCall, fakeApi } from "../../testing/fake-api.ts";
import { renderApp } from "../../testing/render-app.tsx";
import { LoginScreen } from "./login-screen.tsx";

const PHONE = "+919876543210";
const REQUEST = "/api/users/otp/request/";
const VERIFY = "/api/users/otp/verify/";

const sent = (resendAfter = 30): FakeAnswer => ({
  body: { detail: "If the number can receive messages, a code is on its way.", resend_after: resendAfter, expires_in: 300 },
});
const signedInAs = (user = aUser({ email: "", phone: PHONE, whatsapp: true })): FakeAnswer => ({
  body: { access: "access-9", refresh: "refresh-9", user },
});
const refusal = (status: number, code: Parameters<typeof anErrorBody>[0], field?: string, params?: Record<string, number>): FakeAnswer => ({
  status,
  body: anErrorBody(
    code,
    "refused",
    field ? { [field]: [{ code: code as never, message: "refused", ...(params ? { params } : {}) }] } : {},
    params,
  ),
});

/** /login?redirect=shipping (Proceed To Checkout's) with the API answering as `answer` says. */
function renderLogin(answer: (call: FakeCall) => FakeAnswer) {
  const calls = fakeApi(answer);
  return { ...renderApp(<LoginScreen />, { url: "/login?redirect=shipping", path: "/login" }), calls };
}

type User = ReturnType<typeof renderApp>["user"];

/** The number (asked first on the way to checkout) → Send code; the code's field once it shows. */
async function askForCode(user: User, number = "98765 43210") {
  await user.type(screen.getByLabelText("Mobile number"), number);
  await user.click(screen.getByRole("button", { name: "Send code" }));
  return screen.findByLabelText("6-digit code");
}

const bodies = (calls: FakeCall[], path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

afterEach(() => {
  Reflect.deleteProperty(navigator, "credentials");
});

describe("signing in with a mobile number", () => {
  it("sends a code by SMS to the number typed after +91, then signs in with it and goes on to Shipping", async () => {
    const { user, calls, location, store } = renderLogin((call) => (call.path === REQUEST ? sent() : signedInAs()));
    // On the way to checkout the number comes first; the e-mail form is the other choice.
    const number = screen.getByLabelText("Mobile number");
    expect(number).toHaveAttribute("type", "tel");
    expect(number).toHaveAttribute("inputmode", "tel");
    expect(number).toHaveAttribute("autocomplete", "tel-national");
    expect(screen.getByText("+91")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "SMS" })).toBeChecked();
    expect(screen.queryByLabelText("Email Address")).not.toBeInTheDocument();

    await user.type(number, "98765 43210");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    const code = await screen.findByLabelText("6-digit code");
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: REQUEST,
      body: { phone: PHONE, channel: "sms", language: "en" },
      authorization: null,
    });
    expect(screen.getByRole("status")).toHaveTextContent("We sent a 6-digit code by SMS to +91 98765 43210.");
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("maxlength", "6");

    await user.type(code, "123456");
    await user.type(screen.getByLabelText("Your name"), "Ramesh Patil");
    await user.click(screen.getByRole("checkbox", { name: "Send my order updates on WhatsApp" }));
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/shipping"));
    expect(bodies(calls, VERIFY)).toEqual([{ phone: PHONE, code: "123456", language: "en", name: "Ramesh Patil", whatsapp: true }]);
    expect(store.getState().auth).toMatchObject({
      access: "access-9",
      refresh: "refresh-9",
      isAuthenticated: true,
      message: "Login successful",
    });
    // A new account took the opt-in with the code: nothing more to ask.
    expect(calls).toHaveLength(2);
  });

  it("refuses what is not a mobile number without asking the server", async () => {
    const { user, calls } = renderLogin(() => sent());
    await user.type(screen.getByLabelText("Mobile number"), "12345");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a 10-digit mobile number");
    expect(screen.getByLabelText("Mobile number")).toBeInvalid();
    expect(screen.getByLabelText("Mobile number")).toHaveAccessibleDescription(/Enter a 10-digit mobile number$/);
    expect(calls).toEqual([]);
  });

  it("says why the server refuses a number (a country it sends no codes to)", async () => {
    const { user, calls } = renderLogin(() => refusal(400, "phone_country_unsupported", "phone"));
    await user.type(screen.getByLabelText("Mobile number"), "+44 7911 123456");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We can send codes only to mobile numbers of the countries we deliver to.");
    expect(calls[0]?.body).toMatchObject({ phone: "+447911123456" });
    expect(screen.getByLabelText("Mobile number")).toBeInvalid();
  });

  it("counts down to Resend code from the server's resend_after, then sends a new code", async () => {
    const { user, calls } = renderLogin(() => sent(2));
    await askForCode(user);
    const resend = screen.getByRole("button", { name: /^Resend code in [12] s$/ });
    expect(resend).toBeDisabled();
    expect(await screen.findByRole("button", { name: "Resend code in 1 s" })).toBeDisabled();
    expect(await screen.findByRole("button", { name: "Resend code" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByText("We sent a new code to +91 98765 43210.")).toBeInTheDocument();
    expect(bodies(calls, REQUEST)).toEqual([
      { phone: PHONE, channel: "sms", language: "en" },
      { phone: PHONE, channel: "sms", language: "en" },
    ]);
    expect(screen.getByRole("button", { name: /^Resend code in [12] s$/ })).toBeDisabled();
  });

  it("waits as long as the server says when codes are asked for too fast", async () => {
    let requests = 0;
    const { user } = renderLogin(() => (++requests === 1 ? sent(0) : refusal(429, "throttled", undefined, { seconds: 40 })));
    await askForCode(user);
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please try again in 40 seconds.");
    expect(screen.getByRole("button", { name: /^Resend code in (40|39) s$/ })).toBeDisabled();
  });

  it("keeps Send code waiting when the first request is refused as too many", async () => {
    const { user } = renderLogin(() => refusal(429, "throttled", undefined, { seconds: 2 }));
    await user.type(screen.getByLabelText("Mobile number"), "9876543210");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please try again in 2 seconds.");
    expect(screen.getByRole("button", { name: /^Send code in [12] s$/ })).toBeDisabled();
    expect(await screen.findByRole("button", { name: "Send code" })).toBeEnabled();
    expect(screen.queryByLabelText("6-digit code")).not.toBeInTheDocument();
  });

  it("takes a pasted code, spaced or inside the whole message", async () => {
    const { user } = renderLogin(() => sent());
    const code = await askForCode(user);
    await user.paste("123 456");
    expect(code).toHaveValue("123456");
    await user.clear(code);
    await user.paste("654321 is your Krishi Bazaar sign-in code. It expires in 5 minutes.");
    expect(code).toHaveValue("654321");
  });

  it("says how many tries a wrong code leaves, and empties the field for the next", async () => {
    const { user, location } = renderLogin((call) =>
      call.path === REQUEST ? sent() : refusal(400, "otp_invalid", "code", { tries_left: 3 }),
    );
    const code = await askForCode(user);
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right. You can try 3 more times.");
    expect(code).toHaveValue("");
    expect(code).toHaveFocus();
    expect(code).toBeInvalid();
    expect(code).toHaveAccessibleDescription(/That code is not right\. You can try 3 more times\.$/);
    expect(location().pathname).toBe("/login");
  });

  it("asks for a new code when the code has expired, and for all six digits before sending", async () => {
    const { user, calls } = renderLogin((call) => (call.path === REQUEST ? sent() : refusal(400, "otp_expired", "code")));
    const code = await askForCode(user);
    await user.type(code, "123");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter the 6-digit code we sent.");
    expect(bodies(calls, VERIFY)).toEqual([]);
    await user.type(code, "456");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This code has expired or was already used. Please ask for a new code.");
  });

  it("asks a staff account for its password, says when it is wrong, and signs in with code and password", async () => {
    const answers = [
      refusal(403, "staff_password_required"),
      refusal(400, "credentials_invalid", "non_field_errors"),
      signedInAs(aStaffUser()),
    ];
    const { user, calls, location } = renderLogin((call) => (call.path === REQUEST ? sent() : (answers.shift() as FakeAnswer)));
    await user.type(await askForCode(user), "123456");
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Staff accounts sign in with their code and their password. Please enter your password.",
    );
    const password = screen.getByLabelText("Password");
    await vi.waitFor(() => expect(password).toHaveFocus());
    await user.type(password, "wrong-one");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(await screen.findByText("The password is not correct. Please try again.")).toBeInTheDocument();
    expect(password).toBeInvalid();
    await user.clear(password);
    await user.type(password, "KrishiStaff#2024");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    await vi.waitFor(() => expect(location().pathname).toBe("/shipping"));
    expect(bodies(calls, VERIFY)).toEqual([
      { phone: PHONE, code: "123456", language: "en", whatsapp: false },
      { phone: PHONE, code: "123456", language: "en", whatsapp: false, password: "wrong-one" },
      { phone: PHONE, code: "123456", language: "en", whatsapp: false, password: "KrishiStaff#2024" },
    ]);
  });

  it("sends the code on WhatsApp when chosen, and Change number goes back with the number kept", async () => {
    const { user, calls } = renderLogin(() => sent());
    await user.type(screen.getByLabelText("Mobile number"), "9876543210");
    await user.click(screen.getByRole("radio", { name: "WhatsApp" }));
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("We sent a 6-digit code on WhatsApp to +91 98765 43210.")).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ phone: PHONE, channel: "whatsapp", language: "en" });
    await user.click(screen.getByRole("button", { name: "Change number" }));
    expect(screen.getByLabelText("Mobile number")).toHaveValue("9876543210");
    expect(screen.getByLabelText("Mobile number")).toHaveFocus();
    expect(screen.getByRole("radio", { name: "WhatsApp" })).toBeChecked();
  });

  it("fills the code from the SMS where the browser offers it (WebOTP), and stops asking when the step goes", async () => {
    const asked: CredentialRequestOptions[] = [];
    let arrive: (credential: { code: string }) => void = () => undefined;
    vi.stubGlobal("OTPCredential", class {});
    Object.defineProperty(navigator, "credentials", {
      configurable: true,
      value: {
        get: (options: CredentialRequestOptions) => {
          asked.push(options);
          return new Promise((resolve) => {
            arrive = resolve;
          });
        },
      },
    });
    const { user } = renderLogin(() => sent());
    const code = await askForCode(user);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ otp: { transport: ["sms"] } });
    arrive({ code: "482913" });
    await vi.waitFor(() => expect(code).toHaveValue("482913"));

    await user.click(screen.getByRole("button", { name: "Change number" }));
    expect(asked[0]?.signal?.aborted).toBe(true);
  });

  it("sends the WhatsApp opt-in with the code (the server turns it on for a new or existing account)", async () => {
    const { user, calls } = renderLogin((call) => (call.path === REQUEST ? sent() : signedInAs(aUser({ phone: PHONE, whatsapp: true }))));
    await user.type(await askForCode(user), "123456");
    await user.click(screen.getByRole("checkbox", { name: "Send my order updates on WhatsApp" }));
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    await vi.waitFor(() => expect(calls.find((call) => call.path === VERIFY)?.body).toMatchObject({ code: "123456", whatsapp: true }));
    expect(calls.filter((call) => call.path === "/api/users/profile/notices/")).toEqual([]);
  });

  it("shows the steps in Hindi, and asks for the code in Hindi", async () => {
    await setLanguage("hi");
    const { user, calls } = renderLogin(() => sent());
    expect(screen.getByRole("button", { name: "अपने ई-मेल पते से साइन इन करें" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("मोबाइल नंबर"), "9876543210");
    expect(within(screen.getByRole("group", { name: "कोड कैसे भेजें" })).getByRole("radio", { name: "एसएमएस" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "कोड भेजें" }));
    expect(await screen.findByText("हमने +91 98765 43210 पर एसएमएस से 6 अंकों का कोड भेजा है।")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^\d+ सेकंड में कोड फिर से भेजें$/ })).toBeDisabled();
    expect(calls[0]?.body).toMatchObject({ language: "hi" });
  });
});
