/**
 * Mobile numbers as the shop keeps them: E.164 ("+919876543210"). India's mobiles are 10 digits
 * starting 6–9, written with or without +91 or a leading 0; other countries are taken only where
 * the server's OTP_COUNTRIES allows them, written with their + calling code.
 */

/** Calling codes and national number lengths of the countries the shop can allow besides India. */
export const PHONE_COUNTRIES = {
  IN: { callingCode: "91", lengths: [10] },
  NP: { callingCode: "977", lengths: [10] },
  BD: { callingCode: "880", lengths: [10] },
  LK: { callingCode: "94", lengths: [9] },
  BT: { callingCode: "975", lengths: [8] },
  AE: { callingCode: "971", lengths: [9] },
  GB: { callingCode: "44", lengths: [10] },
  US: { callingCode: "1", lengths: [10] },
} as const satisfies Record<string, { callingCode: string; lengths: readonly number[] }>;

export type PhoneCountry = keyof typeof PHONE_COUNTRIES;

export const isPhoneCountry = (code: string): code is PhoneCountry => Object.hasOwn(PHONE_COUNTRIES, code);

/** A sign-in code: six digits, alive 5 minutes, dead after 5 wrong tries; a new one after 30 s. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_SECONDS = 30;
export const OTP_CHANNELS = ["sms", "whatsapp"] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

/** A number as typed, or why it is refused: not a number at all, or a country the shop does not serve. */
export type PhoneReading = { phone: string; country: PhoneCountry } | { error: "phone_invalid" | "phone_country_unsupported" };

const INDIAN = /^(?:\+?91|0)?([6-9]\d{9})$/;

/** Reads a typed number (spaces, dashes, dots and brackets are ignored) as E.164. */
export function readPhone(typed: string, allowed: readonly PhoneCountry[] = ["IN"]): PhoneReading {
  const compact = typed.trim().replace(/[\s\-.()]/g, "");
  if (!/^\+?\d{6,16}$/.test(compact)) return { error: "phone_invalid" };
  if (!compact.startsWith("+") || compact.startsWith("+91")) {
    const indian = INDIAN.exec(compact);
    if (indian) return allowed.includes("IN") ? { phone: `+91${indian[1]}`, country: "IN" } : { error: "phone_country_unsupported" };
    if (!compact.startsWith("+")) return { error: "phone_invalid" };
  }
  const digits = compact.slice(1);
  const country = (Object.keys(PHONE_COUNTRIES) as PhoneCountry[])
    .filter((code) => code !== "IN")
    .find((code) => {
      const { callingCode, lengths } = PHONE_COUNTRIES[code];
      return digits.startsWith(callingCode) && (lengths as readonly number[]).includes(digits.length - callingCode.length);
    });
  if (!country) return { error: digits.startsWith("91") ? "phone_invalid" : "phone_country_unsupported" };
  return allowed.includes(country) ? { phone: `+${digits}`, country } : { error: "phone_country_unsupported" };
}

/** How a number is shown back: "+91 98765 43210" for India, else as stored. */
export function formatPhone(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}

/** A number shown to someone who may not own it: "+91 ••••• ••210". */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, phone.startsWith("+91") ? 3 : 4)} ••••• ••${phone.slice(-3)}`;
}
