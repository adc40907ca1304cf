import type { Language } from "@krishi/contract";
import type { MailMessage } from "../../lib/mail.ts";
import { compose, hello, SHOP } from "../../lib/mail-template.ts";

/** The accounts module's e-mails, plain text and HTML with the same content, in English or Hindi. */

export interface AccountMail {
  to: string;
  name: string;
  url: string;
  language: Language;
}

export function verificationMail({ to, name, url, language }: AccountMail): MailMessage {
  if (language === "hi") {
    return compose(
      to,
      `${SHOP} के लिए अपने ई-मेल पते की पुष्टि करें`,
      hello(name, language),
      [`${SHOP} पर पंजीकरण के लिए धन्यवाद। कृपया यह लिंक खोलकर पुष्टि करें कि ${to} आपका ई-मेल पता है:`],
      { label: "मेरे ई-मेल पते की पुष्टि करें", url },
      "यह लिंक 3 दिन तक मान्य है। अगर आपने पंजीकरण नहीं किया है, तो इस ई-मेल को अनदेखा कर दें।",
      language,
    );
  }
  return compose(
    to,
    `Confirm your e-mail address for ${SHOP}`,
    hello(name, language),
    [`Thank you for registering at ${SHOP}. Please confirm that ${to} is your e-mail address by opening this link:`],
    { label: "Confirm my e-mail address", url },
    "The link is valid for 3 days. If you did not register, you can ignore this e-mail.",
    language,
  );
}

export function passwordResetMail({ to, name, url, language }: AccountMail): MailMessage {
  if (language === "hi") {
    return compose(
      to,
      `अपना ${SHOP} पासवर्ड फिर से सेट करें`,
      hello(name, language),
      [`किसी ने (उम्मीद है आपने) ${to} वाले ${SHOP} खाते का पासवर्ड फिर से सेट करने को कहा है। नया पासवर्ड चुनने के लिए यह लिंक खोलें:`],
      { label: "नया पासवर्ड चुनें", url },
      "यह लिंक एक ही बार काम करता है और 3 दिन तक मान्य है। अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा कर दें: आपका पासवर्ड नहीं बदलेगा।",
      language,
    );
  }
  return compose(
    to,
    `Reset your ${SHOP} password`,
    hello(name, language),
    [`Someone (hopefully you) asked to reset the password of the ${SHOP} account for ${to}. To choose a new password, open this link:`],
    { label: "Choose a new password", url },
    "The link works once and is valid for 3 days. If you did not ask for it, you can ignore this e-mail: your password stays as it is.",
    language,
  );
}

export interface AccountExistsMail {
  to: string;
  name: string;
  signInUrl: string;
  resetUrl: string;
  language: Language;
}

/** To the owner of an address someone tried to register again (the answer to them does not say it is taken). */
export function accountExistsMail({ to, name, signInUrl, resetUrl, language }: AccountExistsMail): MailMessage {
  if (language === "hi") {
    return compose(
      to,
      `किसी ने आपके ई-मेल पते से ${SHOP} पर पंजीकरण करने की कोशिश की`,
      hello(name, language),
      [
        `किसी ने (शायद आपने) ${to} से ${SHOP} पर नया खाता बनाने की कोशिश की। इस पते का खाता पहले से है, इसलिए कोई नया खाता नहीं बना और आपके खाते में कुछ नहीं बदला।`,
        "अगर यह आप थे, तो साइन इन करें, या पासवर्ड भूल गए हों तो नया पासवर्ड चुनें:",
      ],
      [
        { label: "साइन इन करें", url: signInUrl },
        { label: "नया पासवर्ड चुनें", url: resetUrl },
      ],
      "अगर यह आप नहीं थे, तो इस ई-मेल को अनदेखा कर दें: आपके पते से कोई दूसरा खाता नहीं बन सकता, और आपका पासवर्ड नहीं बदलेगा।",
      language,
    );
  }
  return compose(
    to,
    `Someone tried to register at ${SHOP} with your e-mail address`,
    hello(name, language),
    [
      `Someone (perhaps you) tried to create a new ${SHOP} account for ${to}. This address already has an account, so no new account was made and nothing about yours changed.`,
      "If it was you, sign in, or choose a new password if you have forgotten it:",
    ],
    [
      { label: "Sign in", url: signInUrl },
      { label: "Choose a new password", url: resetUrl },
    ],
    "If it was not you, you can ignore this e-mail: nobody can make another account with your address, and your password stays as it is.",
    language,
  );
}

/**
 * To the owner of an address someone asked to add to another account (one made with a mobile
 * number): the address stays theirs alone, and the answer to the other account did not say so.
 */
export function addressInUseMail({ to, name, signInUrl, resetUrl, language }: AccountExistsMail): MailMessage {
  if (language === "hi") {
    return compose(
      to,
      `किसी ने आपका ई-मेल पता ${SHOP} के दूसरे खाते में जोड़ने की कोशिश की`,
      hello(name, language),
      [
        `किसी ने (शायद आपने) ${to} को ${SHOP} के एक दूसरे खाते में जोड़ने को कहा, जो मोबाइल नंबर से साइन इन करता है। इस पते का खाता पहले से है, इसलिए यह पता वहाँ नहीं जोड़ा गया और आपके खाते में कुछ नहीं बदला।`,
        "अगर यह आप थे, तो इस पते से साइन इन करें, या पासवर्ड भूल गए हों तो नया पासवर्ड चुनें:",
      ],
      [
        { label: "साइन इन करें", url: signInUrl },
        { label: "नया पासवर्ड चुनें", url: resetUrl },
      ],
      "अगर यह आप नहीं थे, तो इस ई-मेल को अनदेखा कर दें: आपका पता किसी दूसरे खाते में नहीं जुड़ सकता, और आपका पासवर्ड नहीं बदलेगा।",
      language,
    );
  }
  return compose(
    to,
    `Someone tried to add your e-mail address to another ${SHOP} account`,
    hello(name, language),
    [
      `Someone (perhaps you) asked to add ${to} to another ${SHOP} account, one that signs in with a mobile number. This address already has an account, so it was not added there and nothing about yours changed.`,
      "If it was you, sign in with this address, or choose a new password if you have forgotten it:",
    ],
    [
      { label: "Sign in", url: signInUrl },
      { label: "Choose a new password", url: resetUrl },
    ],
    "If it was not you, you can ignore this e-mail: nobody can add your address to another account, and your password stays as it is.",
    language,
  );
}

/** To the owner of an account whose sign-in limit was reached by failed attempts (at most one a day). */
export function signInAttemptsMail({ to, name, url, language }: AccountMail): MailMessage {
  if (language === "hi") {
    return compose(
      to,
      `कोई आपका ${SHOP} पासवर्ड आज़मा रहा है`,
      hello(name, language),
      [
        `${to} वाले ${SHOP} खाते में गलत पासवर्ड से साइन इन की कई कोशिशें हुई हैं। इसलिए अभी किसी अनजान डिवाइस या नेटवर्क से साइन इन करने के लिए कुछ मिनट रुकना पड़ सकता है।`,
        "जिस डिवाइस या नेटवर्क से आपने पिछले 30 दिनों में हमारे यहाँ साइन इन किया है, वहाँ से आप पहले की तरह साइन इन कर सकते हैं। अगर ये कोशिशें आपकी नहीं थीं, तो एक नया, मज़बूत पासवर्ड चुनें जो आप कहीं और इस्तेमाल नहीं करते:",
      ],
      { label: "नया पासवर्ड चुनें", url },
      "अगर ये कोशिशें आपकी थीं, तो इस ई-मेल को अनदेखा कर दें। यह ई-मेल हम दिन में ज़्यादा से ज़्यादा एक बार भेजते हैं।",
      language,
    );
  }
  return compose(
    to,
    `Someone is trying your ${SHOP} password`,
    hello(name, language),
    [
      `There have been many attempts to sign in to the ${SHOP} account for ${to} with a wrong password. For now, signing in from an unfamiliar device or network may mean waiting a few minutes.`,
      "From a device or network you have signed in with in the last 30 days you can sign in as usual. If these attempts were not yours, choose a new, strong password that you use nowhere else:",
    ],
    { label: "Choose a new password", url },
    "If the attempts were yours, you can ignore this e-mail. We send it at most once a day.",
    language,
  );
}

export interface CodeBudgetMail {
  to: string;
  name: string;
  language: Language;
  /** The budget spent: the hour's (OTP_BUDGET_PER_HOUR) or the day's (OTP_BUDGET_PER_DAY). */
  window: "hour" | "day";
  budget: number;
  /** The shop's staff dashboard. */
  url: string;
}

/** To the shop's owner: sign-in codes stopped because the budget of them is spent (at most one a day). */
export function codeBudgetMail({ to, name, language, window, budget, url }: CodeBudgetMail): MailMessage {
  const setting = window === "hour" ? "OTP_BUDGET_PER_HOUR" : "OTP_BUDGET_PER_DAY";
  if (language === "hi") {
    const span = window === "hour" ? "इस घंटे" : "आज";
    const until = window === "hour" ? "यह घंटा" : "यह दिन (UTC)";
    return compose(
      to,
      `${SHOP}: साइन-इन कोड का बजट खत्म, कोड रुके हुए हैं`,
      hello(name, language),
      [
        `${SHOP} ने ${span} ${budget} साइन-इन कोड भेजे हैं, जो उसका बजट है (${setting})। जब तक ${until} खत्म नहीं होता, कोड सिर्फ़ उन ग्राहकों को जाएँगे जिन्होंने हाल में उसी डिवाइस या नेटवर्क से साइन इन किया है; बाकी लोगों से रुकने को कहा जाएगा।`,
        "अगर आपकी दुकान पर इतने साइन-इन की उम्मीद नहीं थी, तो हो सकता है कोई साइन-इन फ़ॉर्म से पैसे वाले SMS भिजवा रहा हो (SMS पंपिंग): अपने SMS प्रदाता की रिपोर्ट में देखें कि कोड किन नंबरों पर गए। अगर ये असली ग्राहक थे, तो बजट बढ़ा दें।",
      ],
      { label: "डैशबोर्ड खोलें", url },
      "यह ई-मेल हम दिन में ज़्यादा से ज़्यादा एक बार भेजते हैं।",
      language,
    );
  }
  const span = window === "hour" ? "in the last hour" : "today";
  const until = window === "hour" ? "the hour" : "the day (UTC)";
  return compose(
    to,
    `${SHOP}: the sign-in code budget is spent, codes are paused`,
    hello(name, language),
    [
      `${SHOP} has sent ${budget} sign-in codes ${span}, which is its budget (${setting}). Until ${until} is over, codes go only to customers signing in from a device or network they used lately; everyone else is asked to wait.`,
      "If your shop did not expect this many sign-ins, someone may be using the sign-in form to have paid text messages sent (SMS pumping): look in your SMS provider's report at the numbers the codes went to. If they were real customers, raise the budget.",
    ],
    { label: "Open the dashboard", url },
    "We send this e-mail at most once a day.",
    language,
  );
}
