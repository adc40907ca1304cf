import { type ComponentType, lazy } from "react";
import { type RouteObject, useRoutes } from "react-router";
import { type Area, loadTexts } from "../i18n/index.ts";
import { Layout } from "./layout.tsx";
import { NotFoundScreen } from "./not-found-screen.tsx";

/**
 * A screen loaded on first visit, so the JavaScript for / stays small, with its texts: `areas`,
 * every area by default (in Hindi the public pages load only theirs, PAGE_AREAS in i18n/index.ts).
 */
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, areas?: readonly Area[]): ComponentType {
  return lazy(() => Promise.all([load(), loadTexts(areas)]).then(([module]) => ({ default: pick(module) })));
}

/**
 * The cart's texts besides the public pages' (the cart is rendered on the server too, and names
 * them in its head; page-texts.test.ts checks the cart uses no other).
 */
export const CART_AREAS: readonly Area[] = ["checkout"];

/** A public page's screen: its texts are the public pages' own, loaded before the page renders. */
function lazyPageScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

// The home list too: the product page (the link most shared) and the app's other screens need none of it.
const home = () => import("../features/catalog/home-screen.tsx");
const catalog = () => import("../features/catalog/product-screen.tsx");
const crops = () => import("../features/catalog/crop-screens.tsx");
const cart = () => import("../features/cart/cart-screen.tsx");
const login = () => import("../features/auth/login-screen.tsx");
const register = () => import("../features/auth/register-screen.tsx");
const profile = () => import("./profile-page.tsx");
const legacy = () => import("../features/auth/legacy-screens.tsx");
const passwords = () => import("../features/auth/password-screens.tsx");
const activate = () => import("../features/auth/activate-screen.tsx");
const shipping = () => import("../features/checkout/shipping-screen.tsx");
const payment = () => import("../features/checkout/payment-screen.tsx");
const placeOrder = () => import("../features/checkout/place-order-screen.tsx");
const order = () => import("../features/orders/order-screen.tsx");
const dashboard = () => import("../features/admin/dashboard-screen.tsx");
const userList = () => import("../features/admin/user-list-screen.tsx");
const userEdit = () => import("../features/admin/user-edit-screen.tsx");
const productList = () => import("../features/admin/product-list-screen.tsx");
const productEdit = () => import("../features/admin/product-edit-screen.tsx");
const orderList = () => import("../features/admin/order-list-screen.tsx");
const catalogue = () => import("../features/admin/catalogue-screen.tsx");
const promotions = () => import("../features/admin/promotions-screen.tsx");
const staffCrops = () => import("../features/admin/crops-screen.tsx");

/** The route table (docs/storefront.md, "Routes"); SPA_ROUTES in contract/ lists the same paths for the server. */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: Layout,
    children: [
      { index: true, Component: lazyPageScreen(home, (m) => m.HomeScreen) },
      { path: "product/:id", Component: lazyPageScreen(catalog, (m) => m.ProductScreen) },
      { path: "crops", Component: lazyPageScreen(crops, (m) => m.CropsScreen) },
      { path: "crop/:crop", Component: lazyPageScreen(crops, (m) => m.CropScreen) },
      { path: "crop/:crop/:problem", Component: lazyPageScreen(crops, (m) => m.ProblemScreen) },
      { path: "cart/:id?", Component: lazyScreen(cart, (m) => m.CartScreen, CART_AREAS) },
      { path: "login", Component: lazyScreen(login, (m) => m.LoginScreen) },
      { path: "register", Component: lazyScreen(register, (m) => m.RegisterScreen) },
      { path: "profile", Component: lazyScreen(profile, (m) => m.ProfilePage) },
      { path: "shipping", Component: lazyScreen(shipping, (m) => m.ShippingScreen) },
      { path: "payment", Component: lazyScreen(payment, (m) => m.PaymentScreen) },
      { path: "placeorder", Component: lazyScreen(placeOrder, (m) => m.PlaceOrderScreen) },
      { path: "order/:id", Component: lazyScreen(order, (m) => m.OrderScreen) },
      { path: "admin", Component: lazyScreen(dashboard, (m) => m.DashboardScreen) },
      { path: "admin/userlist", Component: lazyScreen(userList, (m) => m.UserListScreen) },
      { path: "admin/user/:id/edit", Component: lazyScreen(userEdit, (m) => m.UserEditScreen) },
      { path: "admin/productlist", Component: lazyScreen(productList, (m) => m.ProductListScreen) },
      { path: "admin/product/:id/edit", Component: lazyScreen(productEdit, (m) => m.ProductEditScreen) },
      { path: "admin/orderlist", Component: lazyScreen(orderList, (m) => m.OrderListScreen) },
      { path: "admin/catalogue", Component: lazyScreen(catalogue, (m) => m.CatalogueScreen) },
      { path: "admin/promotions", Component: lazyScreen(promotions, (m) => m.PromotionsScreen) },
      { path: "admin/crops", Component: lazyScreen(staffCrops, (m) => m.CropsScreen) },
      { path: "old_login", Component: lazyScreen(legacy, (m) => m.OldLoginScreen) },
      { path: "old_signup/", Component: lazyScreen(legacy, (m) => m.SignupScreen) },
      { path: "signup/", Component: lazyScreen(legacy, (m) => m.SignupScreen) },
      { path: "reset/password/", Component: lazyScreen(passwords, (m) => m.ResetPasswordScreen) },
      {
        path: "reset/password/confirm/:uid/:token",
        Component: lazyScreen(passwords, (m) => m.ResetPasswordConfirmScreen),
      },
      {
        path: "dj-rest-auth/registration/account-confirm-email/:key/",
        Component: lazyScreen(activate, (m) => m.ActivateScreen),
      },
      { path: "change/password/", Component: lazyScreen(passwords, (m) => m.ChangePasswordScreen) },
      { path: "*", Component: NotFoundScreen },
    ],
  },
];

/**
 * The screens for the current address. Declarative routing (`<BrowserRouter>` + `useRoutes`) rather
 * than a data router: data comes from RTK Query, and the data router's loaders/actions machinery
 * would add ~16 KB gzipped to the first page (its budget: 120 KB).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
