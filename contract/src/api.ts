import type { Static } from "typebox";
import type {
  AddEmailBody,
  BuyAgainSchema,
  CancelOrderBody,
  CartLineBody,
  CartLineSchema,
  CartLineSetBody,
  CartSchema,
  CatalogueImportSchema,
  CategorySchema,
  CouponBody as CouponBodySchema,
  CouponRefusalSchema,
  CreditNoteSchema,
  CropBody as CropBodySchema,
  CropListBody,
  CropMatchesBody,
  CropPageBody,
  CropProblemInput as CropProblemInputSchema,
  CropProblemRefSchema,
  CropProblemSchema,
  CropRefSchema,
  CropSchema,
  CropStageSchema,
  DetailSchema,
  DiscountReportSchema,
  DiscountSchema,
  ErrorBody,
  ImageOrderBody,
  ImageSchema,
  ImportProblemSchema,
  ImportReportSchema,
  LanguageBody,
  LoginBody,
  LoginInfoSchema,
  NoticePreferencesBody,
  NotifyBody,
  OrderActionsSchema,
  OrderEventBody,
  OrderEventSchema,
  OrderItemSchema,
  OrderListQuery,
  OrderSchema,
  OrderStepSchema,
  OtpRequestAnswer as OtpRequestAnswerSchema,
  OtpRequestBody,
  OtpVerifyAnswer as OtpVerifyAnswerSchema,
  OtpVerifyBody,
  PasswordChangeBody,
  PasswordResetConfirmBody,
  PaymentProofBody,
  PincodeSchema,
  PlaceOrderBody,
  ProblemBody as ProblemBodySchema,
  ProblemPageBody,
  ProblemSchema,
  ProductImagesSchema,
  ProductLabelSchema,
  ProductListQuery,
  ProductSchema,
  ProductSummarySchema,
  ProductUpdateBody,
  ProductVariantSchema,
  ProfileUpdateBody,
  PromotionBody,
  PromotionSchema,
  PublicConfigSchema,
  RefundAccountBody,
  RefundAccountSchema,
  RefundOrderBody,
  RefundPaidBody,
  RefundSchema,
  RegistrationAnswer as RegistrationAnswerSchema,
  RegistrationBody,
  RequestReturnBody,
  ReturnActionBody,
  ReturnSchema,
  ReviewSchema,
  SavedAddressSchema,
  ServiceabilityAnswer as ServiceabilityAnswerSchema,
  ShipmentSchema,
  ShipOrderBody,
  ShippingAddressSchema,
  ShippingRuleBody,
  ShippingRuleSchema,
  ShippingRulesAnswer as ShippingRulesAnswerSchema,
  StaffCropSchema,
  StaffCropsBody,
  StaffPromotionSchema,
  StaffSummarySchema,
  StaffUserUpdateBody,
  StartPaymentAnswer as StartPaymentAnswerSchema,
  StockAlertsSchema,
  TaxBreakupSchema,
  TokenPairSchema,
  UserListQuery,
  UserSchema,
  VariantRefSchema,
  VocabularyGroupBody,
  VocabularyGroupSchema,
} from "./schemas/index.ts";

/**
 * The JSON shapes of the HTTP API, derived from the schemas in ./schemas/ that the
 * server validates and serializes with: a field cannot exist here and vanish from an answer.
 * Type-only imports: the schema library never reaches the web bundle.
 */

export type Category = Static<typeof CategorySchema>;
export type ProductImage = Static<typeof ImageSchema>;
export type Review = Static<typeof ReviewSchema>;
export type ProductSummary = Static<typeof ProductSummarySchema>;
export type Product = Static<typeof ProductSchema>;
export type ProductVariant = Static<typeof ProductVariantSchema>;
export type ProductLabel = Static<typeof ProductLabelSchema>;
export type VariantRef = Static<typeof VariantRefSchema>;
export type ProductUpdate = Static<typeof ProductUpdateBody>;

/** Crops and their problems (schemas/crops.ts). */
export type Crop = Static<typeof CropSchema>;
export type CropStage = Static<typeof CropStageSchema>;
export type CropRef = Static<typeof CropRefSchema>;
export type CropProblemRef = Static<typeof CropProblemRefSchema>;
export type Problem = Static<typeof ProblemSchema>;
export type CropProblem = Static<typeof CropProblemSchema>;
export type CropList = Static<typeof CropListBody>;
export type CropPage = Static<typeof CropPageBody>;
export type ProblemPage = Static<typeof ProblemPageBody>;
export type CropMatches = Static<typeof CropMatchesBody>;
export type StaffCrop = Static<typeof StaffCropSchema>;
export type StaffCrops = Static<typeof StaffCropsBody>;
export type CropInput = Static<typeof CropBodySchema>;
export type ProblemInput = Static<typeof ProblemBodySchema>;
export type CropProblemInput = Static<typeof CropProblemInputSchema>;
/** The product list's query: keyword, category, sort, in_stock and page. */
export type ProductListFilter = Static<typeof ProductListQuery>;
export type ImageOrder = Static<typeof ImageOrderBody>;
/** The answer to an upload, a reorder or an image deletion: the product's images, in order. */
export type ProductImages = Static<typeof ProductImagesSchema>;

/** A plain acknowledgement, e.g. of a deletion. */
export type Detail = Static<typeof DetailSchema>;

export type PublicConfig = Static<typeof PublicConfigSchema>;

/** Every error answer: `detail` and `message` carry the same text; validation adds per-field lists. */
export type ApiError = Static<typeof ErrorBody> & { [field: string]: string | string[] | undefined };

export type ShippingAddress = Static<typeof ShippingAddressSchema>;
export type Cart = Static<typeof CartSchema>;
export type CartLine = Static<typeof CartLineSchema>;
export type CartLineInput = Static<typeof CartLineBody>;
export type CartLineSetInput = Static<typeof CartLineSetBody>;
/** Buy again's answer: the cart, and the order's lines added, put in with fewer units, or left out. */
export type BuyAgainAnswer = Static<typeof BuyAgainSchema>;
export type BuyAgainAdded = BuyAgainAnswer["added"][number];
export type BuyAgainReduced = BuyAgainAnswer["reduced"][number];
export type BuyAgainLeftOut = BuyAgainAnswer["leftOut"][number];
export type SavedAddress = Static<typeof SavedAddressSchema>;

export type User = Static<typeof UserSchema>;
export type TokenPair = Static<typeof TokenPairSchema>;
export type LoginInfo = Static<typeof LoginInfoSchema>;
export type StaffUserUpdate = Static<typeof StaffUserUpdateBody>;

export type OrderItem = Static<typeof OrderItemSchema>;
export type Order = Static<typeof OrderSchema>;
export type OrderEvent = Static<typeof OrderEventSchema>;
export type Shipment = Static<typeof ShipmentSchema>;
export type Refund = Static<typeof RefundSchema>;
export type OrderReturn = Static<typeof ReturnSchema>;
export type ReturnStatus = OrderReturn["status"];
export type OrderActions = Static<typeof OrderActionsSchema>;
export type OrderStep = Static<typeof OrderStepSchema>;
export type RefundAccount = Static<typeof RefundAccountSchema>;
export type RefundAccountInput = Static<typeof RefundAccountBody>;
export type RequestReturn = Static<typeof RequestReturnBody>;
export type ReturnAction = Static<typeof ReturnActionBody>;
export type RefundPaid = Static<typeof RefundPaidBody>;
export type TaxBreakup = Static<typeof TaxBreakupSchema>;
export type CreditNote = Static<typeof CreditNoteSchema>;
/** GET /api/pincodes/{pin}/: where a PIN is and whether the shop delivers there. */
export type Pincode = Static<typeof PincodeSchema>;
export type ServiceabilityAnswer = Static<typeof ServiceabilityAnswerSchema>;
/** A shipping rule as the API writes it (money as decimal strings); shippingRuleOf() makes it the charge's ShippingRule. */
export type ShippingRuleJson = Static<typeof ShippingRuleSchema>;
export type ShippingRuleInput = Static<typeof ShippingRuleBody>;
export type ShippingRulesAnswer = Static<typeof ShippingRulesAnswerSchema>;
/** A promotion as the API writes it (money as decimal strings); promotionOf() makes it applyPromotions()' Promotion. */
export type PromotionJson = Static<typeof PromotionSchema>;
export type StaffPromotion = Static<typeof StaffPromotionSchema>;
export type PromotionInput = Static<typeof PromotionBody>;
export type CouponInput = Static<typeof CouponBodySchema>;
export type CouponRefusalJson = Static<typeof CouponRefusalSchema>;
export type Discount = Static<typeof DiscountSchema>;
export type DiscountReport = Static<typeof DiscountReportSchema>;
/** A group of the search vocabulary (staff). */
export type VocabularyGroup = Static<typeof VocabularyGroupSchema>;
export type VocabularyGroupInput = Static<typeof VocabularyGroupBody>;
export type CancelOrder = Static<typeof CancelOrderBody>;
export type ShipOrder = Static<typeof ShipOrderBody>;
/** A staff move's body (`PUT /api/orders/{id}/events/{event}/`): a note, and the fields its event needs. */
export type OrderEventInput = Static<typeof OrderEventBody>;
export type RefundOrder = Static<typeof RefundOrderBody>;
export type PlaceOrder = Static<typeof PlaceOrderBody>;
/** The staff order list's filters and page. */
export type OrderListFilter = Static<typeof OrderListQuery>;
export type UserListFilter = Static<typeof UserListQuery>;

export type StaffSummary = Static<typeof StaffSummarySchema>;
/** A catalogue import, its report and one of its problems (staff's Import / Export). */
export type CatalogueImport = Static<typeof CatalogueImportSchema>;
export type ImportReport = Static<typeof ImportReportSchema>;
export type ImportProblem = Static<typeof ImportProblemSchema>;

/** Request bodies the web sends. */
export type Credentials = Static<typeof LoginBody>;
export type Registration = Static<typeof RegistrationBody>;
export type RegistrationAnswer = Static<typeof RegistrationAnswerSchema>;
export type PasswordChange = Static<typeof PasswordChangeBody>;
export type PasswordResetConfirm = Static<typeof PasswordResetConfirmBody>;
export type LanguageUpdate = Static<typeof LanguageBody>;
export type OtpRequest = Static<typeof OtpRequestBody>;
export type OtpRequestAnswer = Static<typeof OtpRequestAnswerSchema>;
export type OtpVerify = Static<typeof OtpVerifyBody>;
export type OtpVerifyAnswer = Static<typeof OtpVerifyAnswerSchema>;
export type AddEmail = Static<typeof AddEmailBody>;
export type NoticePreferences = Static<typeof NoticePreferencesBody>;
export type ProfileUpdate = Static<typeof ProfileUpdateBody> & { id?: number };
export type PaymentProof = Static<typeof PaymentProofBody>;
export type StartPaymentAnswer = Static<typeof StartPaymentAnswerSchema>;
/** "Notify me": the pack asked about (the default pack when none is named). */
export type NotifyInput = Static<typeof NotifyBody>;
/** The packs of a product the customer will be told about when they are back in stock. */
export type StockAlerts = Static<typeof StockAlertsSchema>;
