import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { cartSlice, saveCart } from "../features/cart/cart-slice.ts";
import { alertSlice } from "./alert.ts";
import { api } from "./api.ts";

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [cartSlice.name]: cartSlice.reducer,
  [alertSlice.name]: alertSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** Write the cart to localStorage whenever it changes (off in component tests). */
  persist?: boolean;
}

export function makeStore({ preloadedState, persist = true }: StoreOptions = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  if (persist) {
    let cart = store.getState().cart;
    store.subscribe(() => {
      const next = store.getState().cart;
      if (next !== cart) {
        cart = next;
        saveCart(next);
      }
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
