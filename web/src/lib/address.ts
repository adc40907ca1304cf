import type { ShippingAddress } from "@krishi/contract";
import { type Message, t } from "../i18n/index.ts";

/**
 * An address on one line: "Plot 4, Near the mandi, Nashik, Maharashtra 422001, India". A state or
 * country of the shop's lists is named in the shop's language ("नासिक, महाराष्ट्र 422001, भारत"
 * in Hindi); the rest (the city too) as the customer wrote it.
 */
export function addressLine(address: ShippingAddress): string {
  const state = address.state && inLanguage(canonicalState(address.state), [...INDIAN_STATES, ...UNION_TERRITORIES]);
  const place = [state, address.postalCode].filter(Boolean).join(" ");
  const country = address.country && countryName(address.country);
  return [address.address, address.landmark, address.city, place, country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

/** A mobile number as people read it: "98765 43210" (as given when it is not 10 digits). */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").slice(-10);
  return digits.length === 10 ? `${digits.slice(0, 5)} ${digits.slice(5)}` : phone;
}

/**
 * The countries an address may be in, India first (the default). Stored in English (the server's
 * rules and the orders read them so); shown through `t()`.
 */
export const COUNTRIES = ["India", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka"] as const satisfies readonly Message[];
export const DEFAULT_COUNTRY = COUNTRIES[0];

/** India as people write it (the server's PIN code rule applies to these). */
const INDIA = /^\s*(india|bharat|in)\s*$/i;

export function isIndia(country: string): boolean {
  return INDIA.test(country);
}

/** India's 28 states, in English alphabetical order. */
export const INDIAN_STATES = [
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chhattisgarh",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const satisfies readonly Message[];

/** India's 8 union territories. */
export const UNION_TERRITORIES = [
  "Andaman and Nicobar Islands",
  "Chandigarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Jammu and Kashmir",
  "Ladakh",
  "Lakshadweep",
  "Puducherry",
] as const satisfies readonly Message[];

/** A country as the list spells it ("bharat" → "India"), or as given when it is not in the list. */
export function canonicalCountry(country: string): string {
  const trimmed = country.trim();
  if (isIndia(trimmed)) return DEFAULT_COUNTRY;
  return COUNTRIES.find((name) => name.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
}

/** A state as the list spells it ("maharashtra" → "Maharashtra"), or as given when it is not in the list. */
export function canonicalState(state: string): string {
  const trimmed = state.trim();
  const all: readonly string[] = [...INDIAN_STATES, ...UNION_TERRITORIES];
  return all.find((name) => name.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
}

/** A country of the shop's list in the shop's language ("Bharat" is भारत in Hindi); any other as written. */
export function countryName(country: string): string {
  return inLanguage(canonicalCountry(country), COUNTRIES);
}

/** A name of one of the shop's lists in the shop's language; any other as it is. */
function inLanguage(name: string, known: readonly Message[]): string {
  const found = known.find((candidate) => candidate === name);
  return found ? t(found) : name;
}
