import { combineSlices, configureStore, type Reducer, type ThunkAction, type UnknownAction } from "@reduxjs/toolkit";
import { api } from "./api.ts";

/**
 * The state of each feature's slice, by its name. The store imports no feature: a slice's own file
 * adds its entry (`declare module "../../base/store.ts" { interface SliceStates { cart: CartState } }`)
 * and injects itself with `injectSlice` when it is first imported, which is before any store is
 * made, as the app's entries (main.tsx, entry-server.tsx) import the screens that use it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the features' slices add their states to it
export interface SliceStates {}

const rootReducer = combineSlices(api).withLazyLoadedSlices<SliceStates>();

export type RootState = ReturnType<typeof rootReducer> & SliceStates;

/** How a slice is kept in localStorage: `save` runs after a change (by default, any new state). */
export interface Persisted<State> {
  save(state: State): void;
  changed?(before: State, after: State): boolean;
}

const persisted = new Map<string, Persisted<never>>();

/** Puts a feature's slice in the store (once; again is a no-op), and keeps it in localStorage when `persist` is given. */
export function injectSlice<Name extends keyof SliceStates>(
  slice: { reducerPath: Name; reducer: Reducer<SliceStates[Name]> },
  persist?: Persisted<SliceStates[Name]>,
): void {
  rootReducer.inject(slice as never);
  if (persist) persisted.set(slice.reducerPath, persist as Persisted<never>);
}

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** Write the persisted slices (the cart and the session) to localStorage whenever they change (off in component tests). */
  persist?: boolean;
}

export function makeStore({ preloadedState, persist = true }: StoreOptions = {}) {
  const store = configureStore({
    reducer: rootReducer as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  if (persist) {
    let before = store.getState() as unknown as Record<string, never>;
    store.subscribe(() => {
      const after = store.getState() as unknown as Record<string, never>;
      for (const [name, { save, changed }] of persisted) {
        const [was, is] = [before[name], after[name]];
        if (was === undefined || is === undefined || was === is) continue;
        if (!changed || changed(was, is)) save(is);
      }
      before = after;
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];

/** A thunk of the app's state (a session step, say), awaited by whoever dispatches it. */
export type AppThunk = ThunkAction<Promise<void>, RootState, unknown, UnknownAction>;
