import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import { acceptForms } from "../../lib/validation.ts";
import type { AlertsService } from "./service.ts";
import { stopDonePage, stopPage } from "./stop-page.ts";

const Token = Type.String({ maxLength: 100 });

/**
 * The "stop" link of the shop's marketing messages, opened in a browser without signing in: GET
 * /api/offers/stop/?t=… answers a page in the customer's language that asks to confirm, and its
 * form (POST, the link's token) turns offers off. A GET changes nothing: apps that open links in
 * messages to show a preview cannot stop a customer's offers by themselves.
 */
export const stopRoutes: FastifyPluginAsyncTypebox<{ alerts: AlertsService }> = async (app, { alerts }) => {
  await acceptForms(app);
  const send = (reply: FastifyReply, ok: boolean, html: string) => {
    reply.header("Cache-Control", "private, no-store");
    reply.header("Referrer-Policy", "no-referrer");
    return reply
      .status(ok ? 200 : 400)
      .type("text/html; charset=utf-8")
      .send(html);
  };

  app.get("/offers/stop/", { schema: { hide: true, querystring: Type.Object({ t: Type.Optional(Token) }) } }, async (request, reply) => {
    const token = request.query.t ?? "";
    const language = await alerts.stopLinkLanguage(token);
    return send(reply, language !== null, stopPage(language, token));
  });

  app.post("/offers/stop/", { schema: { hide: true, body: Type.Object({ t: Token }) } }, async (request, reply) => {
    const language = await alerts.stopOffers(request.body.t);
    return send(reply, language !== null, stopDonePage(language));
  });
};
