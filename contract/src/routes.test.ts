import { describe, expect, it } from "vitest";
import { isSpaRoute } from "./routes.ts";

describe("isSpaRoute", () => {
  it("knows every screen of the route table", () => {
    for (const path of [
      "/",
      "/product/12",
      "/cart",
      "/cart/",
      "/cart/7",
      "/login",
      "/order/3",
      "/admin",
      "/admin/",
      "/admin/user/4/edit",
      "/admin/catalogue",
      "/admin/promotions",
      "/admin/crops",
      "/old_signup/",
      "/reset/password/confirm/MQ/abc-123",
      "/dj-rest-auth/registration/account-confirm-email/key:1/",
      "/change/password/",
    ]) {
      expect(isSpaRoute(path), path).toBe(true);
    }
  });

  it("refuses paths that are not screens", () => {
    for (const path of ["/nope", "/product", "/product/1/2", "/admin/nope", "/cart/1/2", "/api/products"]) {
      expect(isSpaRoute(path), path).toBe(false);
    }
  });
});
