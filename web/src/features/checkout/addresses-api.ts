import type { SavedAddress, ShippingAddress } from "@krishi/contract";
import { api } from "../../base/api.ts";

/** A saved address as the form sends it (state and landmark optional). */
export type AddressInput = ShippingAddress;

/** Add appends, edit replaces by id, delete removes by id (docs/storefront.md, "Cart state"). */
export function appendAddress(list: SavedAddress[], added: SavedAddress): SavedAddress[] {
  return [...list.filter((address) => address.id !== added.id), added];
}

export function replaceAddress(list: SavedAddress[], edited: SavedAddress): SavedAddress[] {
  return list.map((address) => (address.id === edited.id ? edited : address));
}

export function removeAddress(list: SavedAddress[], id: number): SavedAddress[] {
  return list.filter((address) => address.id !== id);
}

/**
 * The signed-in user's saved addresses (owner only). The list is read once; each change updates
 * the cached list from the server's answer rather than reading it all again.
 */
export const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<SavedAddress[], void>({
      query: () => "/users/addresses/all",
      providesTags: [{ type: "Address", id: "LIST" }],
    }),
    addAddress: build.mutation<SavedAddress, AddressInput>({
      query: (body) => ({ url: "/users/addresses/add/", method: "POST", body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(addressesApi.util.updateQueryData("getAddresses", undefined, (list) => appendAddress(list, data)));
      },
    }),
    editAddress: build.mutation<SavedAddress, AddressInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/users/addresses/${id}/edit/`, method: "PUT", body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(addressesApi.util.updateQueryData("getAddresses", undefined, (list) => replaceAddress(list, data)));
      },
    }),
    deleteAddress: build.mutation<{ detail: string }, number>({
      query: (id) => ({ url: `/users/addresses/${id}/delete/`, method: "DELETE" }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (done) dispatch(addressesApi.util.updateQueryData("getAddresses", undefined, (list) => removeAddress(list, id)));
      },
    }),
  }),
});

export const { useGetAddressesQuery, useAddAddressMutation, useEditAddressMutation, useDeleteAddressMutation } = addressesApi;
