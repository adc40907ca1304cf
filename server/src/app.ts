import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { registerApiDocs } from "./lib/api-docs.ts";
import { installAuth, registerStaffScope } from "./lib/auth.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { errorBody, installErrorHandler, problem } from "./lib/errors.ts";
import { ClusterRelay, type EventRelay } from "./lib/event-relay.ts";
import { EventBus } from "./lib/events.ts";
import { JobScheduler } from "./lib/jobs.ts";
import { echoRequestId, loggerOptions, requestIdOptions } from "./lib/logging.ts";
import { createMailer, type Mailer } from "./lib/mail.ts";
import { MailQueue } from "./lib/mail-queue.ts";
import { createMessenger, type Messenger } from "./lib/messenger.ts";
import { PgNotifyRelay } from "./lib/notify-relay.ts";
import type { ScryptParams } from "./lib/passwords.ts";
import { installRateLimits, type RateLimitSettings } from "./lib/rate-limit.ts";
import { installSecurityHeaders } from "./lib/security-headers.ts";
import { mediaOrigin, registerStatic } from "./lib/static.ts";
import { LocalMediaStorage, type MediaStorage, type PrivateStorage } from "./lib/storage.ts";
import { deriveKey, TokenService } from "./lib/tokens.ts";
import { buildValidator, refuseUndeclaredBodies } from "./lib/validation.ts";
import { type GoogleSignIn, OpenIdGoogleSignIn } from "./modules/accounts/google.ts";
import { LinkSigner } from "./modules/accounts/links.ts";
import { authRoutes, userRoutes } from "./modules/accounts/routes.ts";
import { AccountsService } from "./modules/accounts/service.ts";
import { userStaffRoutes } from "./modules/accounts/staff-routes.ts";
import { UserAdmin } from "./modules/accounts/user-admin.ts";
import { addressesRoutes } from "./modules/addresses/routes.ts";
import { AddressesService } from "./modules/addresses/service.ts";
import { alertsRoutes } from "./modules/alerts/routes.ts";
import { AlertsService } from "./modules/alerts/service.ts";
import { StopLinks } from "./modules/alerts/stop-links.ts";
import { stopRoutes } from "./modules/alerts/stop-routes.ts";
import { BuyAgain } from "./modules/cart/buy-again.ts";
import { buyAgainRoutes } from "./modules/cart/buy-again-routes.ts";
import { cartRoutes, keepCartCookie, shopperOf } from "./modules/cart/routes.ts";
import { CartService } from "./modules/cart/service.ts";
import { CatalogAdmin } from "./modules/catalog/admin.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { searchBackendFor } from "./modules/catalog/search-backends.ts";
import { CatalogService } from "./modules/catalog/service.ts";
import { catalogStaffRoutes, MAX_UPLOAD_BYTES } from "./modules/catalog/staff-routes.ts";
import { VocabularyService } from "./modules/catalog/vocabulary.ts";
import { vocabularyStaffRoutes } from "./modules/catalog/vocabulary-routes.ts";
import { CatalogueImports, IMPORT_JOB } from "./modules/catalogue-io/imports.ts";
import { catalogueIoRoutes } from "./modules/catalogue-io/routes.ts";
import { catalogueShelf } from "./modules/catalogue-io/shelf.ts";
import { productCropLinks } from "./modules/crops/product-links.ts";
import { cropRoutes } from "./modules/crops/routes.ts";
import { CropsService } from "./modules/crops/service.ts";
import { cropStaffRoutes } from "./modules/crops/staff-routes.ts";
import { invoicesRoutes } from "./modules/invoices/routes.ts";
import { InvoicesService } from "./modules/invoices/service.ts";
import { invoiceStaffRoutes } from "./modules/invoices/staff-routes.ts";
import { Checkout } from "./modules/orders/checkout.ts";
import { OrderNotices } from "./modules/orders/notices.ts";
import { ordersRoutes } from "./modules/orders/routes.ts";
import { OrdersService } from "./modules/orders/service.ts";
import { orderStaffRoutes } from "./modules/orders/staff-routes.ts";
import { type PaymentGateway, RazorpayClient, SandboxGateway } from "./modules/payments/gateway.ts";
import { paymentOrderRoutes } from "./modules/payments/order-routes.ts";
import { paymentsRoutes, sandboxRoutes } from "./modules/payments/routes.ts";
import { PaymentsService } from "./modules/payments/service.ts";
import { paymentStaffRoutes } from "./modules/payments/staff-routes.ts";
import { sharedPinDirectory } from "./modules/pincodes/directory.ts";
import { pincodeRoutes, pincodeStaffRoutes } from "./modules/pincodes/routes.ts";
import { PincodeService } from "./modules/pincodes/service.ts";
import { PromotionsService } from "./modules/promotions/service.ts";
import { promotionStaffRoutes } from "./modules/promotions/staff-routes.ts";
import { returnRoutes, returnStaffRoutes } from "./modules/returns/routes.ts";
import { RETURN_PHOTOS_PER_CUSTOMER, ReturnsService } from "./modules/returns/service.ts";
import { seoRoutes } from "./modules/seo/routes.ts";
import { shippingRoutes } from "./modules/shipping/routes.ts";
import { ShippingService } from "./modules/shipping/service.ts";
import { shippingStaffRoutes } from "./modules/shipping/staff-routes.ts";
import { staffRoutes } from "./modules/staff/routes.ts";
import { StaffSummaryService } from "./modules/staff/summary.ts";
import { cartPageRoutes } from "./modules/storefront/cart-routes.ts";
import { StorefrontPages } from "./modules/storefront/pages.ts";
import { loadPageRenderer } from "./modules/storefront/renderer.ts";
import { sendNotFoundPage, storefrontRoutes } from "./modules/storefront/routes.ts";
import { publicConfigOf } from "./modules/system/public-config.ts";
import { systemRoutes } from "./modules/system/routes.ts";

/** What buildApp needs from outside, and the policies that vary (docs/design.md, "Ports"): defaults come from config. */
export interface AppDeps {
  database: DatabaseHandle;
  /** Default: SMTP when SMTP_URL is set, else the DATA_DIR/outbox/ writer. */
  mailer?: Mailer;
  /** Default: MSG91 (SMS) and WhatsApp Cloud API when configured, else the DATA_DIR/outbox/{sms,whatsapp}/ writer. */
  messenger?: Messenger;
  /** Default: openid-client against GOOGLE_ISSUER with GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET. */
  google?: GoogleSignIn;
  /** Default: the system clock. */
  clock?: Clock;
  /** Default: Razorpay when keys are configured, else the sandbox. */
  gateway?: PaymentGateway;
  /** Default: the DATA_DIR/media directory. */
  media?: MediaStorage;
  /** Customers' return photos and uploaded catalogue sheets, never served publicly. Default: the PRIVATE_MEDIA_DIR directory. */
  returnPhotos?: PrivateStorage;
  /** Limits of the sign-in endpoints and the Redis key prefix; defaults in lib/rate-limit.ts. */
  rateLimit?: RateLimitSettings;
  /** scrypt costs of new password hashes. Default: DEFAULT_SCRYPT (N=2^17, OWASP's minimum). */
  passwordCost?: ScryptParams;
  /** How shared events reach the other server processes; null: none. Default: see defaultRelay. */
  relay?: EventRelay | null;
}

/** LISTEN/NOTIFY on PostgreSQL; through the cluster's primary for SQLite workers; else none. */
function defaultRelay(database: DatabaseHandle, log: FastifyInstance["log"]): EventRelay | null {
  if (database.pgConfig) return new PgNotifyRelay(database.pgConfig, log);
  return cluster.isWorker ? new ClusterRelay() : null;
}

/** The services behind the routes, reachable as app.services (tests and scripts use them). */
export interface Services {
  catalog: CatalogService;
  accounts: AccountsService;
  addresses: AddressesService;
  orders: OrdersService;
  payments: PaymentsService;
  catalogAdmin: CatalogAdmin;
  /** Staff's catalogue imports from a spreadsheet, run one at a time by the import job. */
  catalogueImports: CatalogueImports;
  users: UserAdmin;
  summary: StaffSummaryService;
  /** Tax invoices and credit notes (GST mode), their PDFs and the GST report. */
  invoices: InvoicesService;
  /** Returns: customers' requests, staff's answers, refunds of returned lines. */
  returns: ReturnsService;
  /** PIN codes: district, state, serviceability, COD (checkout refuses unserved PINs with it). */
  pincodes: PincodeService;
  /** Shipping rules by weight and zone: checkout charges by them, the web previews with them. */
  shipping: ShippingService;
  /** Shoppers' carts: a guest's by its cookie, a customer's by the account. */
  cart: CartService;
  /** Offers and coupons, and the uses orders take of them. */
  promotions: PromotionsService;
  /** Messages that bring customers back: back in stock ("Notify me"), a cart left behind. */
  alerts: AlertsService;
  /** Crops and their problems, the products that serve them, and the crops' public pages. */
  crops: CropsService;
  mailQueue: MailQueue;
  jobs: JobScheduler;
  events: EventBus;
}

/** Razorpay with keys; the payment sandbox without (config refuses that in production). */
function paymentGateway(config: Readonly<Config>): PaymentGateway {
  const { keyId, keySecret, apiBase } = config.razorpay;
  if (keyId && keySecret) return new RazorpayClient({ keyId, keySecret, apiBase });
  return new SandboxGateway(Buffer.from(deriveKey(config.jwtSecret, "razorpay-sandbox")).toString("hex"));
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    media: MediaStorage;
  }
}

/**
 * Content-Security-Policy of the shop: only its own scripts, styles, images and API — plus, with
 * real Razorpay keys, Razorpay's checkout script and the frames it opens, and the CDN's origin
 * for images when IMAGE_BASE_URL names one.
 */
function shopCsp(razorpay: boolean, imageOrigin: string | null): Record<string, string[]> {
  const rzp = razorpay ? ["https://checkout.razorpay.com", "https://api.razorpay.com"] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...rzp],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:", ...(imageOrigin ? [imageOrigin] : []), ...(razorpay ? ["https://cdn.razorpay.com"] : [])],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", ...(razorpay ? ["https://api.razorpay.com", "https://lumberjack.razorpay.com"] : [])],
    frameSrc: ["'self'", ...rzp],
    // The service worker (/sw.js) and the web app manifest: same-origin only.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** A policy's header text, as helmet writes it: `default-src 'self';script-src …`. */
function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(" ")}`)
    .join(";");
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The jobs the server runs on a timer, one process at a time (leases): the payment-window sweep
 * (at least every min(60 s, window / 2)), reconciliation with Razorpay, and the mail queue — which
 * is also drained as soon as an order changes.
 */
function scheduleJobs(
  config: Readonly<Config>,
  deps: {
    db: DatabaseHandle["db"];
    clock: Clock;
    log: FastifyInstance["log"];
    orders: OrdersService;
    payments: PaymentsService;
    mailQueue: MailQueue;
    events: EventBus;
    cart: CartService;
  },
): JobScheduler {
  const jobs = new JobScheduler(deps.db, deps.clock, deps.log, config.jobLeaseSeconds * 1000);
  jobs.add("expire-unpaid-orders", Math.min(60_000, (config.orders.paymentWindowSeconds * 1000) / 2), () => deps.orders.expireDue());
  jobs.add("reconcile-payments", 120_000, () => deps.payments.reconcile());
  jobs.add("send-mail", 10_000, () => deps.mailQueue.drain());
  jobs.add("remove-abandoned-guest-carts", 6 * 3_600_000, () => deps.cart.removeAbandonedGuestCarts());
  // A new order has no refunds to send.
  deps.events.on("orderChanged", ({ orderId, event }) => (event === "place" ? undefined : deps.payments.processRefunds(orderId)));
  if (config.runJobs)
    deps.events.on("orderChanged", () => void jobs.runNow("send-mail").catch((err) => deps.log.error({ err }, "sending mail failed")));
  return jobs;
}

/**
 * The server-rendered public pages, when the web app's server entry is built (else the shell
 * serves them); a catalogue change drops the pages it makes stale, a change to the crops every
 * page, in every process.
 */
async function storefrontPages(
  config: Readonly<Config>,
  {
    catalog,
    crops,
    events,
    log,
    csp,
  }: { catalog: CatalogService; crops: CropsService; events: EventBus; log: FastifyInstance["log"]; csp: Record<string, string[]> },
): Promise<StorefrontPages | null> {
  const renderer = await loadPageRenderer(config.webDistDir);
  if (!renderer) return null;
  // A page's policy is the shop's, with its own inlined stylesheet allowed by its hash.
  const policy = (styleSource: string) => policyText({ ...csp, styleSrc: [...(csp.styleSrc ?? []), styleSource] });
  const pages = new StorefrontPages({ catalog, crops, renderer, siteUrl: config.siteUrl, config: publicConfigOf(config), log, policy });
  events.on("productsChanged", (change) => pages.forget(change));
  events.on("cropsChanged", () => pages.forgetCrops());
  return pages;
}

/** How long a catalogue import waits for one picture it fetches. */
const IMPORT_FETCH_TIMEOUT_MS = 10_000;

/** A stored image's absolute address, as the export writes it (IMAGE_BASE_URL on this site, or a CDN's). */
function absoluteImageUrl(config: Readonly<Config>): (path: string) => string {
  const base = new URL(config.imageBaseUrl, config.siteUrl);
  return (path) => new URL(path, base).href;
}

const BAD_PATH = "This URL is not valid: a part of its path is malformed or too long.";

/** Builds the whole application without listening: main.ts listens, tests use app.inject(). */
export async function buildApp(config: Readonly<Config>, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // Every log line of a request names it (reqId): a sane incoming X-Request-Id, else a new UUID.
    genReqId: requestIdOptions.genReqId,
    requestIdHeader: requestIdOptions.requestIdHeader,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A path part the router cannot take (past maxParamLength, or percent-encoding that is not
    // UTF-8) is bad input in the shop's error format: Fastify's own answer is a 414 or 400 of its
    // own shape, with none of detail, message or code.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      if (error.code !== "FST_ERR_BAD_URL" && error.code !== "FST_ERR_MAX_PARAM_LENGTH") {
        return reply.status(500).send(errorBody("server_error", "A server error occurred."));
      }
      return reply.status(400).send(errorBody("field_invalid", BAD_PATH, { non_field_errors: [problem("invalid", BAD_PATH)] }));
    },
    bodyLimit: 1024 * 1024,
    // A hop count as proxy-addr's function: trust the nearest N proxies, never the client's own claims.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    // JSON bodies are validated as sent; query strings, parameters and form fields are converted.
    schemaController: { compilersFactory: { buildValidator } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook("onRequest", echoRequestId);
  installErrorHandler(app);
  // A route reads only the body types it declares (JSON by default): any other is a 415.
  refuseUndeclaredBodies(app);
  const csp = shopCsp(config.razorpay.keyId !== null, mediaOrigin(config.imageBaseUrl));
  installSecurityHeaders(app, { contentSecurityPolicy: { useDefaults: false, directives: csp }, crossOriginEmbedderPolicy: false });

  await registerApiDocs(app, { siteUrl: config.siteUrl });

  const { db } = deps.database;
  const clock = deps.clock ?? systemClock;
  const tokens = new TokenService(config.jwtSecret, clock);
  const mailer = deps.mailer ?? createMailer(config, app.log);
  const messenger = deps.messenger ?? createMessenger(config, app.log);
  const mailQueue = new MailQueue(db, { mail: mailer, messages: messenger }, clock, app.log);
  const rateLimits = await installRateLimits(app, config.redisUrl, deps.rateLimit);
  const accounts = new AccountsService({
    db,
    tokens,
    links: new LinkSigner(config.jwtSecret, clock),
    // Account mail (verification, reset) goes through the queue and out at once; a send that
    // fails stays queued for the worker's retries.
    // A key names the mail's cause (queued once, e.g. the owner's daily alert); else each mail is its own.
    sendMail: async (message, key = `account:${randomUUID()}`) => {
      await mailQueue.enqueue(db, { key, ...message });
      await mailQueue.sendNow(key);
    },
    google: deps.google ?? new OpenIdGoogleSignIn({ ...config.google, redirectUri: `${config.siteUrl}/login` }),
    clock,
    siteUrl: config.siteUrl,
    emailVerification: config.emailVerification,
    log: app.log,
    addressesOf: (userId) => addresses.list(userId),
    signInFailures: rateLimits.signInFailures,
    signInPlaceKey: deriveKey(config.jwtSecret, "sign-in places"),
    ownerEmails: config.ownerEmails,
    phoneCodes: {
      key: deriveKey(config.jwtSecret, "phone codes"),
      countries: config.otp.countries,
      channels: messenger.channels,
      limits: rateLimits.limits.otp,
      counter: rateLimits.counter,
      budget: config.otp.budget,
      // A code goes out at once; one that cannot be sent now stays queued for the worker's retries.
      sendMessage: async (message) => {
        await mailQueue.enqueueMessage(db, message);
        await mailQueue.sendNow(message.key);
      },
    },
    ...(deps.passwordCost ? { passwordCost: deps.passwordCost } : {}),
  });
  const events = new EventBus(app.log, deps.relay === undefined ? defaultRelay(deps.database, app.log) : deps.relay);
  // Keyword search as the configured database does it, chosen here once.
  const search = searchBackendFor(deps.database.dialect);
  // A product's crops, problems and label claim are the crops module's (its port in the catalogue).
  const catalog = new CatalogService(db, search, clock, (productIds) => events.emit("productsChanged", { productIds }), productCropLinks);
  events.on("productsChanged", (change) => catalog.forget(change));
  const crops = new CropsService({ db, clock, catalog, announce: () => events.emit("cropsChanged", {}) });
  events.on("productsChanged", (change) => crops.forgetProducts(change));
  // A crop's words are in its products' answers and search text.
  events.on("cropsChanged", () => {
    crops.forget();
    catalog.forget();
  });
  const addresses = new AddressesService(db, { taxMode: config.tax.mode });
  const pincodes = new PincodeService({
    db,
    directory: sharedPinDirectory(app.log),
    defaultDeliveryDays: config.defaultDeliveryDays,
    codEnabled: config.cod.enabled,
    announce: () => events.emit("serviceabilityChanged", {}),
  });
  events.on("serviceabilityChanged", () => pincodes.forget());
  const shipping = new ShippingService({ db, clock, announce: () => events.emit("shippingRulesChanged", {}) });
  events.on("shippingRulesChanged", () => shipping.forget());
  const notices = new OrderNotices(mailQueue, config.siteUrl, (trx, userId) => accounts.noticeContactOf(trx, userId), messenger.channels);
  // Orders first: payments, invoices and returns attach themselves to the order process's effects
  // and to the order JSON as they are made (OrdersService.handle / provide).
  const orders = new OrdersService({ db, catalog, rules: config.orders, clock, events, notices });
  const promotions = new PromotionsService({
    db,
    clock,
    ordersOf: (reader, userId, except) => orders.countPlaced(reader, userId, except),
    targets: {
      unknownCategories: async (names) => {
        const known = new Set((await catalog.listCategories()).map((category) => category.name));
        return names.filter((name) => !known.has(name));
      },
      unknownProducts: async (ids) => {
        const known = new Set((await catalog.productsById(ids)).map((product) => product._id));
        return ids.filter((id) => !known.has(id));
      },
      unknownPacks: async (ids) => {
        const known = await catalog.existingPacks(ids);
        return ids.filter((id) => !known.has(id));
      },
    },
  });
  // An order cancelled or expired before it was paid gives its promotions' uses back; one paid after it expired takes them again.
  orders.handle("release-promotions", async ({ trx, order }) => {
    if (order.paid_at === null) await promotions.release(trx, order.id);
  });
  orders.handle("retake-promotions", ({ trx, order }) => promotions.retake(trx, order.id));
  const checkout = new Checkout({
    db,
    orders,
    catalog,
    pricing: config.pricing,
    rules: config.orders,
    clock,
    sellerStateCode: config.tax.seller.stateCode,
    cod: config.cod,
    pincodes,
    shipping,
    promotions,
  });
  const gateway = deps.gateway ?? paymentGateway(config);
  const payments = new PaymentsService({
    db,
    orders,
    gateway,
    webhookSecret: config.razorpay.webhookSecret,
    log: app.log,
    clock,
    notices,
  });
  const invoices = new InvoicesService({ db, clock, tax: config.tax, orders, payments });
  const cart = new CartService({ db, catalog, orders, promotions, clock, maxUnitsPerLine: config.orders.maxUnitsPerLine });
  const jobs = scheduleJobs(config, { db, clock, log: app.log, orders, payments, mailQueue, events, cart });
  const media = deps.media ?? new LocalMediaStorage(config.mediaDir);
  const privateFiles = deps.returnPhotos ?? new LocalMediaStorage(config.privateMediaDir);
  const returns = new ReturnsService({
    db,
    orders,
    payments,
    catalog,
    photos: privateFiles,
    photoKey: deriveKey(config.jwtSecret, "return photos"),
    clock,
    photoLimit: rateLimits.counter("return-photos", RETURN_PHOTOS_PER_CUSTOMER),
  });
  const catalogAdmin = new CatalogAdmin(db, catalog, media, clock);
  const imageUrl = absoluteImageUrl(config);
  const shelf = catalogueShelf(catalog, db, crops);
  const catalogueImports = new CatalogueImports({
    db,
    shelf,
    admin: catalogAdmin,
    files: privateFiles,
    media,
    clock,
    log: app.log,
    imageUrl,
    fetch: { allowedHosts: config.importFetchAllowedHosts, timeoutMs: IMPORT_FETCH_TIMEOUT_MS, maxBytes: MAX_UPLOAD_BYTES },
    runSoon: () => void jobs.runNow(IMPORT_JOB).catch((err) => app.log.error({ err }, "a catalogue import failed")),
  });
  jobs.add(IMPORT_JOB, 5_000, () => catalogueImports.runQueued());
  const alerts = new AlertsService({
    db,
    catalog,
    contacts: {
      noticeContactOf: (trx, userId) => accounts.noticeContactOf(trx, userId),
      offerContactsOf: (trx, userIds) => accounts.offerContactsOf(trx, userIds),
      stopOffers: async (userId) => {
        const stopped = await accounts.setNoticePreferences(userId, { offers: false });
        return stopped.ok ? stopped.value.language : null;
      },
    },
    queue: mailQueue,
    channels: messenger.channels,
    siteUrl: config.siteUrl,
    clock,
    stopLinks: new StopLinks(deriveKey(config.jwtSecret, "offers stop links"), config.siteUrl),
    ...(config.runJobs
      ? { queued: () => void jobs.runNow("send-mail").catch((err) => app.log.error({ err }, "sending mail failed")) }
      : {}),
    log: app.log,
  });
  // Stock may have come back: every write of stock announces its products (all when it names none).
  events.on("productsChanged", ({ productIds }) => {
    alerts.sendBackInStock(productIds).catch((err) => app.log.error({ err }, "back-in-stock messages failed"));
  });
  // What no announcement reached (a process that stopped before announcing, a bulk loader): found on the job's turns.
  jobs.add("send-back-in-stock", 5 * 60_000, () => alerts.sendBackInStock());
  jobs.add("remind-carts-left-behind", 15 * 60_000, () => alerts.remindCartsLeftBehind());
  const users = new UserAdmin(db, (userId) => addresses.list(userId));
  const summary = new StaffSummaryService({ db, payments, catalog, users, clock });
  const services: Services = {
    catalog,
    accounts,
    addresses,
    orders,
    payments,
    catalogAdmin,
    catalogueImports,
    users,
    summary,
    invoices,
    returns,
    pincodes,
    shipping,
    cart,
    promotions,
    alerts,
    crops,
    mailQueue,
    jobs,
    events,
  };
  app.decorate("services", services);
  app.decorate("media", media);
  app.addHook("onReady", async () => {
    await events.connect();
    if (config.runJobs) jobs.start();
  });
  app.addHook("onClose", async () => {
    catalogueImports.stop();
    await jobs.stop();
    await events.close();
    await accounts.drain();
    if (!deps.mailer) await mailer.close();
    if (!deps.messenger) await messenger.close();
  });

  const auth = installAuth(app, {
    tokens,
    loadUser: (id) => accounts.loadAuthUser(id),
    sessionLive: (sessionId) => accounts.sessionLive(sessionId),
  });
  const limits = rateLimits.guards;

  await app.register(systemRoutes, { config, db });
  await app.register(catalogRoutes, { prefix: "/api", catalog: services.catalog, auth });
  // Signing in by any method takes the guest's cart into the account.
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    const { guestKey } = shopperOf(request);
    if (!guestKey) return;
    await cart.merge(guestKey, userId);
    keepCartCookie(request, reply, null, true);
  };
  await app.register(authRoutes, { prefix: "/api/users/dj-rest-auth", accounts, auth, limits, signedIn });
  await app.register(authRoutes, { prefix: "/api/users/dj_rest_auth", accounts, auth, limits, hidden: true, signedIn });
  await app.register(userRoutes, { prefix: "/api/users", accounts, auth, limits, signedIn });
  await app.register(addressesRoutes, { prefix: "/api", auth, addresses });
  await app.register(cartRoutes, { prefix: "/api", auth, cart });
  await app.register(alertsRoutes, { prefix: "/api", auth, alerts });
  await app.register(stopRoutes, { prefix: "/api", alerts });
  await app.register(buyAgainRoutes, {
    prefix: "/api",
    auth,
    buyAgain: new BuyAgain({ db, orders, catalog, cart, maxUnitsPerLine: config.orders.maxUnitsPerLine }),
  });
  await app.register(ordersRoutes, { prefix: "/api", auth, orders, checkout });
  await app.register(paymentOrderRoutes, { prefix: "/api", auth, payments });
  await app.register(paymentsRoutes, { prefix: "/api", payments });
  await app.register(invoicesRoutes, { prefix: "/api", auth, invoices });
  await app.register(returnRoutes, { prefix: "/api", auth, returns });
  await app.register(pincodeRoutes, { prefix: "/api", pincodes });
  await app.register(shippingRoutes, { prefix: "/api", shipping });
  await app.register(cropRoutes, { prefix: "/api", crops });
  await registerStaffScope(app, auth, "/api", async (staff) => {
    await staff.register(userStaffRoutes, { accounts, users });
    await staff.register(catalogStaffRoutes, { admin: catalogAdmin });
    await staff.register(catalogueIoRoutes, { shelf, imports: catalogueImports, imageUrl });
    await staff.register(orderStaffRoutes, { orders });
    await staff.register(paymentStaffRoutes, { payments });
    await staff.register(returnStaffRoutes, { returns });
    await staff.register(staffRoutes, { summary });
    await staff.register(invoiceStaffRoutes, { invoices });
    await staff.register(pincodeStaffRoutes, { pincodes });
    await staff.register(shippingStaffRoutes, { shipping });
    await staff.register(promotionStaffRoutes, { promotions });
    await staff.register(cropStaffRoutes, { crops });
    // The search vocabulary: an edit reaches every process's searches at once (the catalogue's change).
    await staff.register(vocabularyStaffRoutes, { vocabulary: new VocabularyService({ db, clock, changed: () => catalog.invalidate() }) });
  });
  if (gateway instanceof SandboxGateway) await app.register(sandboxRoutes, { gateway, payments });
  await app.register(seoRoutes, { siteUrl: config.siteUrl, catalog, crops, events });

  const pages = await storefrontPages(config, { catalog, crops, events, log: app.log, csp });
  if (pages) {
    await app.register(storefrontRoutes, { pages });
    await app.register(cartPageRoutes, { pages, cart, shipping, siteUrl: config.siteUrl });
  }
  await registerStatic(app, {
    webDistDir: config.webDistDir,
    mediaDir: config.mediaDir,
    ...(pages ? { pages: { notFound: (request, reply) => sendNotFoundPage(pages, request, reply) } } : {}),
  });
  return app;
}
