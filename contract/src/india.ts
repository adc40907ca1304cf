import type { Paise } from "./money.ts";

/**
 * Selling in India: the states with their GST state codes (the first two digits of a GSTIN),
 * GSTIN and mobile-number checks, the financial year of invoice series, and amounts in words in
 * the Indian system. Shared by the server (the authority) and the web (forms, previews).
 */

/** The 28 states and 8 union territories as the shop spells them, with their GST state codes. */
export const GST_STATE_CODES = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
} as const satisfies Record<string, string>;

export type IndianState = keyof typeof GST_STATE_CODES;

/** Other spellings of state names (old names, "&" for "and", directory spellings). */
const STATE_ALIASES: Record<string, IndianState> = {
  orissa: "Odisha",
  pondicherry: "Puducherry",
  chattisgarh: "Chhattisgarh",
  "andaman and nicobar": "Andaman and Nicobar Islands",
  "daman and diu": "Dadra and Nagar Haveli and Daman and Diu",
  "dadra and nagar haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "nct of delhi": "Delhi",
  "new delhi": "Delhi",
  uttaranchal: "Uttarakhand",
};

const STATE_BY_KEY = new Map<string, IndianState>((Object.keys(GST_STATE_CODES) as IndianState[]).map((name) => [stateKey(name), name]));

function stateKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z]+/g, " ")
    .trim();
}

/** The state a name means ("Jammu & Kashmir", "orissa" …), or null when it names none. */
export function indianState(name: string): IndianState | null {
  const key = stateKey(name);
  return STATE_BY_KEY.get(key) ?? STATE_ALIASES[key] ?? null;
}

/** The GST state code of a state name, or null. */
export function gstStateCode(name: string): string | null {
  const state = indianState(name);
  return state ? GST_STATE_CODES[state] : null;
}

/** A PIN code: six digits, the first not 0. */
export const PIN_PATTERN = /^[1-9]\d{5}$/;

/** An Indian mobile number: 10 digits starting 6–9, optionally written with +91 or 0 and spaces or dashes. */
export const INDIAN_MOBILE_PATTERN = "^(?:\\+91|0)?[\\s-]*[6-9](?:[\\s-]*\\d){9}$";

/** The 10 digits of an Indian mobile number, or null when it is not one. */
export function indianMobile(phone: string): string | null {
  if (!new RegExp(INDIAN_MOBILE_PATTERN).test(phone.trim())) return null;
  return phone.replace(/\D/g, "").slice(-10);
}

const GSTIN_FORMAT = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The check character of a GSTIN's first 14 characters (GSTN's modulus-36 rule). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i] ?? "");
    if (value < 0) throw new RangeError(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] as string;
}

/** Why a GSTIN is wrong, or null when its format, state code and check character are right. */
export function gstinProblem(gstin: string): string | null {
  const match = GSTIN_FORMAT.exec(gstin);
  if (!match) return "must be 15 characters: state code, PAN, entity number, Z and a check character";
  if (!Object.values(GST_STATE_CODES).includes(match[1] as never)) return `has an unknown state code ${match[1]}`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "has a wrong check character";
  return null;
}

/** India's financial year (April–March, Indian time) of a moment: "2026-27". */
export function financialYear(at: Date): string {
  // India has no daylight saving: IST is UTC+05:30 all year.
  const ist = new Date(at.getTime() + 330 * 60_000);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0–99 in words: "Twenty-Three". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ""}`;
}

/** 0–999 in words: "Four Hundred Fifty-Six". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ");
}

/** A whole number in the Indian system: 12345678 → "One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return "Zero";
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  return [
    crores ? `${numberInWords(crores)} Crore` : "",
    lakhs ? `${belowHundred(lakhs)} Lakh` : "",
    thousands ? `${belowHundred(thousands)} Thousand` : "",
    rest ? belowThousand(rest) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** An amount as an invoice writes it: 12345678 paise → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only". */
export function rupeesInWords(paise: Paise): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = rest ? `Rupees ${numberInWords(rupees)} and ${belowHundred(rest)} Paise` : `Rupees ${numberInWords(rupees)}`;
  return `${words} Only`;
}
