import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { FakeMsg91, FakeWhatsApp, fakeDltTemplateId } from "../testing/fake-messaging.ts";
import { createMessenger, MessageSendError, type Messenger, readOutboxMessages, type TextMessage, textOutboxDir } from "./messenger.ts";
import { Msg91Sms } from "./msg91.ts";
import { WhatsAppCloud } from "./whatsapp-cloud.ts";

/**
 * The text-message providers against local fakes of MSG91 and Meta's Cloud API, the settings
 * read by loadConfig as in production, and the sandbox's files.
 */
const msg91 = new FakeMsg91();
const whatsapp = new FakeWhatsApp();
const dirs: string[] = [];

beforeAll(async () => {
  await Promise.all([msg91.start(), whatsapp.start()]);
});
afterAll(async () => {
  await Promise.all([msg91.stop(), whatsapp.stop()]);
});
afterEach(() => {
  msg91.reset();
  whatsapp.reset();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function config(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kb-messenger-"));
  dirs.push(dataDir);
  return loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, JWT_SECRET: "s".repeat(32), ...env }, false);
}

function message(overrides: Partial<TextMessage> = {}): TextMessage {
  return {
    channel: "sms",
    to: "+919876543210",
    kind: "order_shipped",
    language: "hi",
    params: ["KB-1042", "Delhivery"],
    text: "आपका ऑर्डर KB-1042 Delhivery से भेजा गया।",
    ...overrides,
  };
}

function sms(env: Record<string, string> = {}): Msg91Sms {
  const settings = config({ ...msg91.env(), ...env }).messaging.msg91;
  if (!settings) throw new Error("MSG91 settings expected");
  return new Msg91Sms(settings);
}

function cloud(env: Record<string, string> = {}): WhatsAppCloud {
  const settings = config({ ...whatsapp.env(), ...env }).messaging.whatsapp;
  if (!settings) throw new Error("WhatsApp settings expected");
  return new WhatsAppCloud(settings);
}

describe("SMS by MSG91", () => {
  it("sends the kind's DLT template in the message's language, from the sender, its params as var1..varN", async () => {
    await sms().send(message());
    expect(msg91.requests).toHaveLength(1);
    const [request] = msg91.requests;
    expect(request).toMatchObject({ method: "POST", path: "/api/v5/flow/" });
    expect(request?.headers.authkey).toBe(msg91.authKey);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      template_id: fakeDltTemplateId("order_shipped", "hi"),
      sender: "KRSHIB",
      short_url: "0",
      recipients: [{ mobiles: "919876543210", var1: "KB-1042", var2: "Delhivery" }],
    });
  });

  it("picks another template for another kind or language", async () => {
    await sms().send(message({ kind: "otp", language: "en", params: ["482913"] }));
    expect(msg91.requests[0]?.body).toMatchObject({ template_id: fakeDltTemplateId("otp", "en") });
    expect(msg91.recipients).toEqual([{ mobiles: "919876543210", var1: "482913" }]);
  });

  it("throws naming the status when MSG91 answers 500, and sends once it recovers", async () => {
    const client = sms();
    msg91.failNext(1);
    await expect(client.send(message())).rejects.toThrow(/^MSG91 answered 500: Internal server error$/);
    await client.send(message());
    expect(msg91.requests).toHaveLength(2);
  });

  it("throws MSG91's message when it answers 200 with an error body", async () => {
    msg91.answerNext(200, { type: "error", message: "Flow not found" });
    const failure = sms().send(message());
    await expect(failure).rejects.toBeInstanceOf(MessageSendError);
    await expect(failure).rejects.toThrow("MSG91 answered 200: Flow not found");
  });

  it("throws when the auth key is wrong", async () => {
    await expect(sms({ MSG91_AUTH_KEY: "stale-key" }).send(message())).rejects.toMatchObject({
      status: 401,
      message: "MSG91 answered 401: Authentication failure",
    });
  });

  it("refuses a number that is not E.164 without asking MSG91", async () => {
    await expect(sms().send(message({ to: "9876543210" }))).rejects.toThrow(/not an E\.164 number/);
    expect(msg91.requests).toEqual([]);
  });

  it("throws when MSG91 cannot be reached", async () => {
    await expect(sms({ MSG91_API_BASE: "http://127.0.0.1:1" }).send(message())).rejects.toThrow("MSG91 could not be reached");
  });
});

describe("WhatsApp by the Cloud API", () => {
  const order = message({ channel: "whatsapp", kind: "order_placed", language: "en", params: ["Asha", "KB-1042", "₹1,250.00"] });

  it("sends the kind's approved template in the message's language, its params in the body", async () => {
    await cloud().send(order);
    expect(whatsapp.requests).toHaveLength(1);
    const [request] = whatsapp.requests;
    expect(request).toMatchObject({ method: "POST", path: `/v21.0/${whatsapp.phoneNumberId}/messages` });
    expect(request?.headers.authorization).toBe(`Bearer ${whatsapp.token}`);
    expect(request?.body).toEqual({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: {
        name: "kb_order_placed",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Asha" },
              { type: "text", text: "KB-1042" },
              { type: "text", text: "₹1,250.00" },
            ],
          },
        ],
      },
    });
  });

  it("adds the copy-code button to a sign-in code, in the template WHATSAPP_TEMPLATES names", async () => {
    await cloud({ WHATSAPP_TEMPLATES: "otp=krishi_login_code", WHATSAPP_API_VERSION: "v22.0" }).send(
      message({ channel: "whatsapp", kind: "otp", language: "hi", params: ["482913"] }),
    );
    expect(whatsapp.requests[0]?.path).toBe(`/v22.0/${whatsapp.phoneNumberId}/messages`);
    expect(whatsapp.templates).toEqual([
      {
        name: "krishi_login_code",
        language: { code: "hi" },
        components: [
          { type: "body", parameters: [{ type: "text", text: "482913" }] },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "482913" }] },
        ],
      },
    ]);
  });

  it("throws Meta's message and code when the token is wrong", async () => {
    await expect(cloud({ WHATSAPP_TOKEN: "expired" }).send(order)).rejects.toMatchObject({
      status: 401,
      message: "WhatsApp Cloud API answered 401: Invalid OAuth access token - Cannot parse access token (code 190)",
    });
  });

  it("throws when Meta answers 500, and sends once it recovers", async () => {
    const client = cloud();
    whatsapp.failNext(2);
    await expect(client.send(order)).rejects.toThrow(/answered 500: An unknown error has occurred\. \(code 1\)$/);
    await expect(client.send(order)).rejects.toBeInstanceOf(MessageSendError);
    await client.send(order);
    expect(whatsapp.requests).toHaveLength(3);
  });

  it("throws when the phone number id is not the account's", async () => {
    await expect(cloud({ WHATSAPP_PHONE_NUMBER_ID: "555" }).send(order)).rejects.toThrow(
      /answered 400: .*'555' does not exist \(code 100\)$/,
    );
  });
});

describe("createMessenger", () => {
  const logged: unknown[] = [];
  const log = { info: (entry: unknown) => logged.push(entry) };
  afterEach(() => {
    logged.length = 0;
  });

  async function sendBoth(messenger: Messenger): Promise<void> {
    await messenger.send(message());
    await messenger.send(message({ channel: "whatsapp" }));
  }

  it("sends SMS by MSG91 and WhatsApp by the Cloud API when both are set", async () => {
    const messenger = createMessenger(config({ ...msg91.env(), ...whatsapp.env() }), log);
    expect(messenger.channels).toEqual(["sms", "whatsapp"]);
    await sendBoth(messenger);
    expect([msg91.requests.length, whatsapp.requests.length]).toEqual([1, 1]);
  });

  it("leaves out a channel without a provider: not in channels, and send throws", async () => {
    const settings = config(msg91.env());
    const messenger = createMessenger(settings, log);
    expect(messenger.channels).toEqual(["sms"]);
    await expect(sendBoth(messenger)).rejects.toThrow("No whatsapp provider is configured");
    expect(msg91.requests).toHaveLength(1);
    expect(whatsapp.requests).toEqual([]);
    expect(await readOutboxMessages(settings.dataDir, "whatsapp")).toEqual([]);

    const onlyWhatsApp = createMessenger(config(whatsapp.env()), log);
    expect(onlyWhatsApp.channels).toEqual(["whatsapp"]);
    await expect(onlyWhatsApp.send(message())).rejects.toThrow("No sms provider is configured");
  });

  it("writes a channel without a provider to the outbox when MESSAGES_TO_OUTBOX=true", async () => {
    const settings = config({ ...msg91.env(), MESSAGES_TO_OUTBOX: "true" });
    const messenger = createMessenger(settings, log);
    expect(messenger.channels).toEqual(["sms", "whatsapp"]);
    await sendBoth(messenger);
    expect(msg91.requests).toHaveLength(1);
    expect(await readOutboxMessages(settings.dataDir, "sms")).toEqual([]);
    expect(await readOutboxMessages(settings.dataDir, "whatsapp")).toHaveLength(1);
  });

  it("without providers writes both channels to the sandbox, one file per message, read back oldest first", async () => {
    const settings = config();
    const messenger = createMessenger(settings, log);
    expect(messenger.channels).toEqual(["sms", "whatsapp"]);
    const codes = ["111111", "222222", "333333"];
    for (const code of codes) await messenger.send(message({ kind: "otp", language: "en", params: [code], text: `Your code is ${code}` }));
    await messenger.send(message({ channel: "whatsapp" }));

    expect(readdirSync(textOutboxDir(settings.dataDir, "sms")).filter((name) => name.endsWith(".json"))).toHaveLength(3);
    expect(readdirSync(textOutboxDir(settings.dataDir, "sms"))).toHaveLength(3); // no half-written files left behind
    const texts = await readOutboxMessages(settings.dataDir, "sms");
    expect(texts.map((m) => m.params[0])).toEqual(codes);
    expect(texts[0]).toEqual({
      to: "+919876543210",
      kind: "otp",
      language: "en",
      params: ["111111"],
      text: "Your code is 111111",
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const [news] = await readOutboxMessages(settings.dataDir, "whatsapp");
    expect(news).toMatchObject({ kind: "order_shipped", language: "hi", params: ["KB-1042", "Delhivery"] });
    expect(msg91.requests.length + whatsapp.requests.length).toBe(0);
  });

  it("reads the sandbox's messages oldest first by the clock, not in the order they were written", async () => {
    const settings = config();
    const times = ["2026-03-01T10:00:02.000Z", "2026-03-01T10:00:01.000Z", "2026-03-01T09:59:59.999Z"];
    const clock = () => new Date(times[logged.length] as string);
    const messenger = createMessenger(settings, log, clock);
    for (const code of ["333333", "222222", "111111"]) await messenger.send(message({ kind: "otp", params: [code] }));
    const texts = await readOutboxMessages(settings.dataDir, "sms");
    expect(texts.map((m) => [m.sentAt, m.params[0]])).toEqual([
      ["2026-03-01T09:59:59.999Z", "111111"],
      ["2026-03-01T10:00:01.000Z", "222222"],
      ["2026-03-01T10:00:02.000Z", "333333"],
    ]);
  });

  it("logs the sandbox's text in development, so a developer sees the sign-in code", async () => {
    await createMessenger({ ...config(), env: "development" }, log).send(message({ kind: "otp", params: ["482913"], text: "Code 482913" }));
    expect(JSON.stringify(logged)).toContain("Code 482913");
    expect(logged[0]).toMatchObject({ channel: "sms", to: "+919876543210" });
  });

  it.each(["test", "production"] as const)("never logs the text in %s, only who got which kind", async (env) => {
    await createMessenger({ ...config(), env }, log).send(message({ kind: "otp", params: ["482913"], text: "Code 482913" }));
    expect(JSON.stringify(logged)).not.toContain("482913");
    expect(logged[0]).toMatchObject({ channel: "sms", to: "+919876543210", kind: "otp" });
  });
});
