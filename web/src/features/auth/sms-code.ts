import { OTP_LENGTH } from "@krishi/contract";
import { useEffect, useState } from "react";

/**
 * The clocks and the browser's help of the mobile number's steps (phone-code.tsx): the seconds until
 * another code may be asked for, and the code of an SMS the browser reads (WebOTP).
 */

/** Whole seconds left until `deadline` (0 once passed, or without one), counting down as they pass. */
export function useSecondsUntil(deadline: number | null): number {
  // Read from the clock at each render: a new deadline shows at once, never the last one's count.
  const [, tick] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    // Twice a second: the shown count never lags the clock by a whole second.
    const timer = setInterval(() => {
      tick((count) => count + 1);
      if (secondsUntil(deadline) === 0) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
  }, [deadline]);
  return secondsUntil(deadline);
}

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** The WebOTP API's credential (Chrome on Android): the code of an SMS that names this site. */
interface OtpCredential extends Credential {
  code: string;
}

/**
 * Asks the browser for the code of the SMS on its way, where it can (WebOTP: Chrome on Android
 * offers it once the message arrives); returns the clean-up that stops asking (the step left, or
 * another code sent). Elsewhere, nothing.
 */
export function receiveSmsCode(fill: (code: string) => void): (() => void) | undefined {
  if (!("OTPCredential" in globalThis) || !globalThis.navigator?.credentials?.get) return undefined;
  const abort = new AbortController();
  const options = { otp: { transport: ["sms"] }, signal: abort.signal } as CredentialRequestOptions;
  navigator.credentials
    .get(options)
    .then((credential) => {
      const code = (credential as OtpCredential | null)?.code?.replace(/\D/g, "");
      if (code) fill(code.slice(0, OTP_LENGTH));
    })
    // Aborted, refused or timed out: the shopper types the code.
    .catch(() => undefined);
  return () => abort.abort();
}
