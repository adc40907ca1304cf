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
