/**
 * English messages are their own ids, so English needs no catalog: this compiles an id, when it is
 * first used, into Lingui's compiled form (what scripts/catalog-plugin.ts does at build time for
 * the Hindi catalogs with Lingui's own compiler, about 7 KB gzipped). It knows the ICU
 * MessageFormat the app's messages use: text, `{name}`, `{name, type[, style]}`, and
 * `{name, plural|select|selectordinal, [offset:n] key {message} …}` with `#`, and '' for an
 * apostrophe; english.test.ts checks it agrees with Lingui's compiler on every message.
 */
export type Compiled = (string | CompiledArg)[];
type CompiledArg = [string] | [string, string] | [string, string, string | Record<string, unknown>];

export function compileEnglish(message: string): Compiled {
  let at = 0;

  function parts(inPlural: boolean, end: string): (string | CompiledArg)[] {
    const out: (string | CompiledArg)[] = [];
    let text = "";
    while (at < message.length && message[at] !== end) {
      const char = message[at] as string;
      if (char === "{") {
        if (text) out.push(text);
        text = "";
        at++;
        out.push(argument());
      } else if (char === "#" && inPlural) {
        if (text) out.push(text);
        text = "";
        out.push("#");
        at++;
      } else if (char === "'" && message[at + 1] === "'") {
        text += "'";
        at += 2;
      } else {
        text += char;
        at++;
      }
    }
    if (text) out.push(text);
    return out;
  }

  function word(): string {
    while (message[at] === " ") at++;
    const start = at;
    while (at < message.length && !/[\s,{}]/.test(message[at] as string)) at++;
    const found = message.slice(start, at);
    while (message[at] === " ") at++;
    return found;
  }

  function argument(): CompiledArg {
    const name = word();
    if (message[at] === "}") {
      at++;
      return [name];
    }
    at++; // ,
    const type = word();
    if (message[at] === "}") {
      at++;
      return [name, type];
    }
    at++; // ,
    if (type !== "plural" && type !== "select" && type !== "selectordinal") {
      const style = word();
      at++; // }
      return [name, type, style];
    }
    const cases: Record<string, unknown> = {};
    for (let key = word(); key; key = word()) {
      if (key.startsWith("offset:")) {
        cases.offset = Number(key.slice(7));
        continue;
      }
      at++; // {
      cases[key.replace(/^=/, "")] = parts(type !== "select", "}");
      at++; // }
    }
    at++; // }
    return [name, type, cases];
  }

  return parts(false, "");
}
