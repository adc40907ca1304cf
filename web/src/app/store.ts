import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { authSlice, saveAuth } from "../features/auth/auth-slice.ts";
import { cartSlice, saveCart } from "../features/cart/cart-slice.ts";
import { api } from "./api.ts";

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [cartSlice.name]: cartSlice.reducer,
  [authSlice.name]: authSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** Write the cart and the session to localStorage whenever they change (off in component tests). */
  persist?: boolean;
}

export function makeStore({ preloadedState, persist = true }: StoreOptions = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  if (persist) {
    let { cart, auth } = store.getState();
    store.subscribe(() => {
      const next = store.getState();
      if (next.cart !== cart) saveCart(next.cart);
      if (next.auth.access !== auth.access || next.auth.refresh !== auth.refresh || next.auth.user !== auth.user) saveAuth(next.auth);
      ({ cart, auth } = next);
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
