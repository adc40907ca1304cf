import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

export type AlertVariant = "success" | "danger" | "warning" | "info";

export interface AlertState {
  message: string | null;
  variant: AlertVariant;
}

const initialState: AlertState = { message: null, variant: "info" };

/** The app's current message, shown in the dismissible alert at the top of every page. */
export const alertSlice = createSlice({
  name: "alert",
  initialState,
  reducers: {
    showMessage: {
      reducer(_state, action: PayloadAction<AlertState>) {
        return action.payload;
      },
      prepare(text: string, variant: AlertVariant = "info") {
        return { payload: { message: text, variant } };
      },
    },
    closeAlert(state) {
      state.message = null;
    },
  },
});

export const { showMessage, closeAlert } = alertSlice.actions;
