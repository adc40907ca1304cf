import { addressIn, type Language } from "@krishi/contract";

interface StopTexts {
  /** The page that asks to confirm: its title, what stops, the button. */
  ask: string;
  what: string;
  button: string;
  title: string;
  done: string;
  /** `{link}`: the profile's link, with `profile` as its words. */
  again: string;
  profile: string;
}

const TEXTS: Record<Language, StopTexts> = {
  en: {
    ask: "Stop offer messages?",
    what: "You will get no more offers or cart reminders from Krishi Bazaar. Messages about your orders still come.",
    button: "Stop offer messages",
    title: "Messages stopped",
    done: "You will get no more offers or cart reminders from Krishi Bazaar. Messages about your orders still come.",
    again: "Changed your mind? Turn them on again on your {link}.",
    profile: "profile",
  },
  hi: {
    ask: "ऑफ़र के संदेश बंद करें?",
    what: "इसके बाद आपको कृषि बाज़ार से ऑफ़र या कार्ट की याद दिलाने वाले संदेश नहीं मिलेंगे। आपके ऑर्डर के संदेश आते रहेंगे।",
    button: "ऑफ़र के संदेश बंद करें",
    title: "संदेश बंद कर दिए गए",
    done: "अब आपको कृषि बाज़ार से ऑफ़र या कार्ट की याद दिलाने वाले संदेश नहीं मिलेंगे। आपके ऑर्डर के संदेश आते रहेंगे।",
    again: "फिर से चाहिए? {link} पर इन्हें दोबारा चालू करें।",
    profile: "अपनी प्रोफ़ाइल",
  },
};

/** A link not signed by the shop (cut short when copied, or made up): said in both languages. */
const INVALID = {
  title: "This link is not valid · यह लिंक सही नहीं है",
  lines: [
    "This link is not valid. You can turn offers off on your profile.",
    "यह लिंक सही नहीं है। ऑफ़र के संदेश आप अपनी प्रोफ़ाइल पर बंद कर सकते हैं।",
  ],
};

const invalidPage = () => page("en", INVALID.title, INVALID.lines.map((line) => `<p>${line}</p>`).join(""), "/profile");

/** The token as an HTML attribute's value (a valid one is letters, digits, "." "-" "_" only; anything else is escaped). */
const attribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a message's "stop" link answers: small and without scripts or styles (the shop's
 * policy allows neither inline), in the customer's language, asking to confirm with a form that
 * posts the link's token; null: the link was not valid.
 */
export function stopPage(language: Language | null, token: string): string {
  if (language === null) return invalidPage();
  const texts = TEXTS[language];
  const form = `<form method="post" action="/api/offers/stop/"><input type="hidden" name="t" value="${attribute(token)}"><button type="submit">${texts.button}</button></form>`;
  return page(language, texts.ask, `<p>${texts.what}</p>${form}`, addressIn(language, "/profile"));
}

/** The page once offers are off, in the customer's language; null: the link was not valid. */
export function stopDonePage(language: Language | null): string {
  if (language === null) return invalidPage();
  const texts = TEXTS[language];
  const profile = addressIn(language, "/profile");
  const again = texts.again.replace("{link}", `<a href="${profile}">${texts.profile}</a>`);
  return page(language, texts.title, `<p>${texts.done}</p><p>${again}</p>`, profile);
}

function page(language: Language, title: string, body: string, profile: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}<p><a href="${addressIn(language, "/")}">Krishi Bazaar</a> · <a href="${profile}">${language === "hi" ? "प्रोफ़ाइल" : "Profile"}</a></p></main></body>
</html>
`;
}
