import { afterEach, describe, expect, it, vi } from "vitest";
import { chosenLanguage, initialLanguage, setLanguage } from "./index.ts";

function openAt(address: string) {
  window.history.replaceState(null, "", address);
}

function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie as the server sets it
  document.cookie = `lang=${value}; Path=/`;
}

afterEach(() => {
  openAt("/");
  document.documentElement.lang = "en";
});

describe("initialLanguage", () => {
  it("starts in the language the cookie remembers, on a screen whose address names none", () => {
    openAt("/order/7");
    localStorage.setItem("language", "en");
    setCookie("hi");
    expect(initialLanguage()).toBe("hi");
  });

  it("starts in the address's language over the cookie's", () => {
    openAt("/order/7?lang=en");
    setCookie("hi");
    expect(initialLanguage()).toBe("en");
    openAt("/order/7?lang=hi");
    setCookie("en");
    expect(initialLanguage()).toBe("hi");
  });

  it("reads what the browser stored when there is no cookie, then the browser's language", () => {
    openAt("/cart");
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["hi-IN", "en"]);
    expect(initialLanguage()).toBe("hi");
    localStorage.setItem("language", "en");
    expect(initialLanguage()).toBe("en");
  });

  it("ignores a cookie that names no language of the shop", () => {
    openAt("/cart");
    setCookie("fr");
    expect(chosenLanguage()).toBeNull();
    expect(initialLanguage()).toBe("en");
  });
});

describe("setLanguage", () => {
  it("remembers the choice in a cookie for the whole site, for a year, that the server reads", async () => {
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
    vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
      written.push(value);
      cookie?.set?.call(document, value);
    });
    await setLanguage("hi");
    expect(written).toEqual(["lang=hi; Path=/; Max-Age=31536000; SameSite=Lax"]);
    expect(chosenLanguage()).toBe("hi");
    expect(document.documentElement.lang).toBe("hi");
    openAt("/order/7");
    expect(initialLanguage()).toBe("hi");
  });
});
