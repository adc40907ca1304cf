import {
  formatPhone,
  OTP_LENGTH,
  type OtpChannel,
  type OtpVerify,
  type OtpVerifyAnswer,
  PHONE_COUNTRIES,
  type PhoneCountry,
  readPhone,
} from "@krishi/contract";
import { type ClipboardEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { currentLanguage, type Message as MessageId, t } from "../../i18n/index.ts";
import { errorCode, errorText } from "../../lib/api-error.ts";
import "./auth.css";
import { NAME_MAX } from "./auth-fields.tsx";
import { useRequestPhoneCodeMutation, useVerifyPhoneCodeMutation } from "./phone-api.ts";
import { receiveSmsCode, useSecondsUntil } from "./sms-code.ts";

/**
 * A mobile number's code, in two steps: the number and the channel (SMS or WhatsApp), then the
 * six digits sent. "sign-in" (signed out) signs in or makes a new customer account, and asks for
 * a new customer's name, the WhatsApp opt-in and, for a staff account, its password; "add"
 * (signed in) puts the number on the account. The server's refusals are said by their codes.
 */
export interface PhoneCodeProps {
  purpose: "sign-in" | "add";
  /** The code was accepted; the store already holds what the answer brought. */
  onVerified?: (answer: OtpVerifyAnswer) => void;
  /**
   * Whether the number's field takes the focus at once (the default: a tap opened this). False
   * where the page opens with it, whose heading has the focus.
   */
  focusNumber?: boolean;
}

/** What went wrong last, said where the shopper looks: the server's error, or a check made here. */
type Problem = { error: unknown } | { message: MessageId };

/** A code asked for: where it went, and when another may be asked for (ms since the epoch). */
interface Sent {
  phone: string;
  channel: OtpChannel;
  resendAt: number;
}

const COUNTRIES = Object.keys(PHONE_COUNTRIES) as PhoneCountry[];
const WRONG_PASSWORD = "The password is not correct. Please try again." satisfies MessageId;

export function PhoneCode({ purpose, onVerified, focusNumber = true }: PhoneCodeProps) {
  const [typed, setTyped] = useState("");
  // Change number is a tap: the number's field takes the focus then.
  const [focusing, setFocusing] = useState(focusNumber);
  const [channel, setChannel] = useState<OtpChannel>("sms");
  const [sent, setSent] = useState<Sent | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  // A refused request (429) keeps Send code waiting as long as the server says (for that number: another may be tried).
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [requestCode, { isLoading: sending }] = useRequestPhoneCodeMutation();

  /** Asks for a code; true when one is on its way. */
  async function send(phone: string, on: OtpChannel): Promise<boolean> {
    setProblem(null);
    const result = await requestCode({ phone, channel: on, language: currentLanguage() });
    if (result.data) {
      setSent({ phone, channel: on, resendAt: Date.now() + result.data.resend_after * 1000 });
      return true;
    }
    setProblem({ error: result.error });
    const wait = throttledSeconds(result.error);
    if (wait !== null) {
      const until = Date.now() + wait * 1000;
      setWaitUntil(until);
      setSent((current) => current && { ...current, resendAt: until });
    }
    return false;
  }

  if (!sent) {
    return (
      <PhoneStep
        focus={focusing}
        typed={typed}
        onType={(value) => {
          setTyped(value);
          setWaitUntil(null);
        }}
        channel={channel}
        onChannel={setChannel}
        busy={sending}
        waitUntil={waitUntil}
        problem={problem}
        onProblem={setProblem}
        onSend={(phone) => void send(phone, channel)}
      />
    );
  }
  return (
    <CodeStep
      key={sent.phone}
      purpose={purpose}
      sent={sent}
      sending={sending}
      problem={problem}
      onProblem={setProblem}
      onResend={() => send(sent.phone, sent.channel)}
      onChangeNumber={() => {
        setProblem(null);
        setFocusing(true);
        setSent(null);
      }}
      onVerified={onVerified}
    />
  );
}

interface PhoneStepProps {
  focus: boolean;
  typed: string;
  onType: (typed: string) => void;
  channel: OtpChannel;
  onChannel: (channel: OtpChannel) => void;
  busy: boolean;
  waitUntil: number | null;
  problem: Problem | null;
  onProblem: (problem: Problem | null) => void;
  onSend: (phone: string) => void;
}

/** The number (India's +91 shown before it) and the channel; the number is checked here before it is sent. */
function PhoneStep({ focus, typed, onType, channel, onChannel, busy, waitUntil, problem, onProblem, onSend }: PhoneStepProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const wait = useSecondsUntil(waitUntil);

  // Opened by a tap (Continue with mobile number, Change number): the number is what comes next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only
  useEffect(() => {
    if (focus) input.current?.focus();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Only whether it is a number at all: which countries the shop sends to is the server's to say.
    const reading = readPhone(typed, COUNTRIES);
    if ("error" in reading) {
      onProblem({ message: "Enter a 10-digit mobile number" });
      input.current?.focus();
      return;
    }
    onSend(reading.phone);
  }

  const invalid = problem !== null && ("message" in problem || errorCode(problem.error)?.startsWith("phone_") === true);
  return (
    <form noValidate onSubmit={submit} className="phone-code">
      <div className="mb-3">
        <label htmlFor={`${id}-phone`} className="form-label">
          {t("Mobile number")}
        </label>
        <div className="input-group">
          <span className="input-group-text" aria-hidden="true">
            +91
          </span>
          <input
            ref={input}
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            className={invalid ? "form-control is-invalid" : "form-control"}
            maxLength={20}
            required
            value={typed}
            onChange={(event) => onType(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={[`${id}-phone-hint`, invalid && `${id}-problem`].filter(Boolean).join(" ")}
          />
        </div>
        <div id={`${id}-phone-hint`} className="form-text">
          {t("Indian mobile numbers: the 10 digits. Others: with + and the country code.")}
        </div>
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t("Send the code by")}</legend>
        {(["sms", "whatsapp"] as const).map((choice) => (
          <div key={choice} className="form-check form-check-inline">
            <input
              id={`${id}-${choice}`}
              className="form-check-input"
              type="radio"
              name={`${id}-channel`}
              value={choice}
              checked={channel === choice}
              onChange={() => onChannel(choice)}
            />
            <label htmlFor={`${id}-${choice}`} className="form-check-label">
              {choice === "sms" ? t("SMS") : t("WhatsApp")}
            </label>
          </div>
        ))}
      </fieldset>
      <ProblemMessage id={`${id}-problem`} problem={problem} />
      <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={busy || wait > 0}>
        {wait > 0 ? t("Send code in {seconds} s", { seconds: wait }) : t("Send code")}
      </Button>
    </form>
  );
}

interface CodeStepProps {
  purpose: PhoneCodeProps["purpose"];
  sent: Sent;
  sending: boolean;
  problem: Problem | null;
  onProblem: (problem: Problem | null) => void;
  onResend: () => Promise<boolean>;
  onChangeNumber: () => void;
  onVerified: PhoneCodeProps["onVerified"];
}

/**
 * The six digits (typed, pasted, or filled by the browser from the SMS), Resend code once the
 * server allows it, Change number; signing in, a new customer's name, the WhatsApp opt-in, and a
 * staff account's password once the server asks for it.
 */
function CodeStep({ purpose, sent, sending, problem, onProblem, onResend, onChangeNumber, onVerified }: CodeStepProps) {
  const id = useId();
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [whatsapp, setWhatsapp] = useState(false);
  const [password, setPassword] = useState("");
  const [needsPassword, setNeedsPassword] = useState(false);
  const [resent, setResent] = useState(false);
  const [verifyCode, { isLoading: verifying }] = useVerifyPhoneCodeMutation();
  const codeInput = useRef<HTMLInputElement>(null);
  const passwordId = `${id}-password`;
  const focusPassword = () => document.getElementById(passwordId)?.focus();
  const resendIn = useSecondsUntil(sent.resendAt);
  const signingIn = purpose === "sign-in";

  useEffect(() => codeInput.current?.focus(), []);
  // The password field appears when the server asks for it: the cursor goes there.
  useEffect(() => {
    if (needsPassword) document.getElementById(passwordId)?.focus();
  }, [needsPassword, passwordId]);
  // Each code sent by SMS: Chrome on Android offers it from the message (WebOTP), as the server words it.
  useEffect(() => (sent.channel === "sms" ? receiveSmsCode(setCode) : undefined), [sent]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) {
      onProblem({ message: "Enter the 6-digit code we sent." });
      codeInput.current?.focus();
      return;
    }
    onProblem(null);
    const body: OtpVerify = { phone: sent.phone, code, language: currentLanguage() };
    if (signingIn) {
      if (name.trim()) body.name = name.trim();
      body.whatsapp = whatsapp;
      if (needsPassword) body.password = password;
    }
    const result = await verifyCode(body);
    if (result.data) {
      onVerified?.(result.data);
      return;
    }
    onProblem({ error: result.error });
    const refused = errorCode(result.error);
    if (refused === "staff_password_required") setNeedsPassword(true);
    else if (refused === "credentials_invalid") focusPassword();
    else if (refused === "otp_invalid") {
      setCode("");
      codeInput.current?.focus();
    }
  }

  async function resend() {
    setResent(false);
    setCode("");
    if (await onResend()) setResent(true);
    codeInput.current?.focus();
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    // A whole message pasted, or "123 456": its first six digits.
    const digits = event.clipboardData.getData("text").replace(/\D/g, "");
    if (!digits) return;
    event.preventDefault();
    setCode(digits.slice(0, OTP_LENGTH));
  }

  const refused = problem && "error" in problem ? errorCode(problem.error) : null;
  const codeInvalid = problem !== null && !needsPassword && refused !== "throttled";
  const passwordInvalid = refused === "credentials_invalid";
  const phone = formatPhone(sent.phone);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="phone-code">
      <Message>
        <span id={`${id}-sent`}>
          {resent
            ? t("We sent a new code to {phone}.", { phone })
            : sent.channel === "whatsapp"
              ? t("We sent a 6-digit code on WhatsApp to {phone}.", { phone })
              : t("We sent a 6-digit code by SMS to {phone}.", { phone })}
        </span>
      </Message>
      <div className="mb-3">
        <label htmlFor={`${id}-code`} className="form-label">
          {t("6-digit code")}
        </label>
        <input
          ref={codeInput}
          id={`${id}-code`}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          required
          className={codeInvalid ? "form-control otp-input is-invalid" : "form-control otp-input"}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, OTP_LENGTH))}
          onPaste={paste}
          aria-invalid={codeInvalid || undefined}
          aria-describedby={[`${id}-sent`, codeInvalid && `${id}-problem`].filter(Boolean).join(" ")}
        />
      </div>
      <div className="phone-code__again">
        <Button type="button" variant="outline-primary" disabled={resendIn > 0 || sending} onClick={() => void resend()}>
          {resendIn > 0 ? t("Resend code in {seconds} s", { seconds: resendIn }) : t("Resend code")}
        </Button>
        <Button type="button" variant="link" onClick={onChangeNumber}>
          {t("Change number")}
        </Button>
      </div>
      {signingIn && (
        <>
          <TextField
            id={`${id}-name`}
            label={t("Your name")}
            hint={t("For a new account; leave it empty if you have shopped with us before.")}
            autoComplete="name"
            maxLength={NAME_MAX}
            value={name}
            onChange={setName}
          />
          <Check id={`${id}-whatsapp`} checked={whatsapp} onChange={setWhatsapp}>
            {t("Send my order updates on WhatsApp")}
          </Check>
          {needsPassword && (
            <TextField
              id={passwordId}
              label={t("Password")}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
              aria-invalid={passwordInvalid || undefined}
              aria-describedby={passwordInvalid ? `${id}-problem` : undefined}
            />
          )}
        </>
      )}
      <ProblemMessage id={`${id}-problem`} problem={problem} />
      <Button type="submit" variant="primary" className="w-100 auth-submit" disabled={verifying}>
        {signingIn ? t("Verify and sign in") : t("Verify and save the number")}
      </Button>
    </form>
  );
}

/** A checkbox with a large tap target (its whole row). */
export function Check({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="form-check mb-3">
      <input id={id} className="form-check-input" type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className="form-check-label">
        {children}
      </label>
    </div>
  );
}

/** The last problem, announced as it appears (role="alert"); the field it is about points at it. */
function ProblemMessage({ id, problem }: { id: string; problem: Problem | null }) {
  if (!problem) return null;
  const text =
    "message" in problem
      ? t(problem.message)
      : errorCode(problem.error) === "credentials_invalid"
        ? t(WRONG_PASSWORD)
        : errorText(problem.error);
  return (
    <div id={id}>
      <Message variant="danger">{text}</Message>
    </div>
  );
}

/** The seconds a 429 tells to wait (its `params.seconds`), or null for another error. */
function throttledSeconds(error: unknown): number | null {
  if (errorCode(error) !== "throttled") return null;
  const seconds = (error as { data?: { params?: { seconds?: unknown } } }).data?.params?.seconds;
  return typeof seconds === "number" && seconds > 0 ? seconds : null;
}
