/** A message catalog compiled by scripts/catalog-plugin.ts: message id → Lingui's compiled form. */
declare module "*.json?catalog" {
  const messages: Record<string, import("@lingui/message-utils/compileMessage").CompiledMessage>;
  export default messages;
}
