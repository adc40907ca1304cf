import { indianMobile, indianState, type SavedAddress, type ShippingAddress } from "@krishi/contract";
import { ADDRESS_MAX_LENGTHS, PIN_CODE_LENGTH } from "@krishi/contract/schemas";
import { skipToken } from "@reduxjs/toolkit/query";
import { useCallback, useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import { type FieldError, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../base/hooks.ts";
import { isUnknownPin, pinOf, sellsInIndia, useGetPincodeQuery, useShopConfig } from "../../base/shop-config.ts";
import { CheckoutSteps } from "../../components/checkout-steps.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { addressLine, COUNTRIES, canonicalState, formatPhone, INDIAN_STATES, isIndia, UNION_TERRITORIES } from "../../lib/address.ts";
import { errorText, fieldErrors } from "../../lib/api-error.ts";
import { onlyPaymentMethod } from "../../lib/payment-method.ts";
import { selectUser } from "../auth/index.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { savePaymentMethod, saveShippingAddress } from "../cart/index.ts";
import { SelectField, translatedErrors } from "./address-fields.tsx";
import { type AddressFields, type AddressRules, addressResolver, emptyAddressFields, sameAddress, toFields } from "./address-form.ts";
import { useAddAddressMutation, useDeleteAddressMutation, useEditAddressMutation, useGetAddressesQuery } from "./addresses-api.ts";
import "./checkout.css";

export const DELETE_ADDRESS_CONFIRM = "Are you sure you want to delete this address?" satisfies MessageId;

/**
 * /shipping (signed-in users): the address for this order, typed or picked from the saved ones
 * (the most recent one, or the one used last, is picked to start with). Save address adds it to
 * the saved list (or updates the one being edited); Continue keeps it for the order (and in
 * localStorage) and goes on to /payment, or straight to /placeorder with Razorpay when that is the
 * shop's one payment method. Deleting the saved address the form holds picks the most
 * recent one left (or clears the form when none is). A field the address needs and lacks says what
 * to fill in, and the first such field takes the focus.
 */
export function ShippingScreen() {
  return (
    <RequireAuth>
      {() => (
        <>
          <title>{`${t("Shipping")} | Krishi Bazaar`}</title>
          <CheckoutSteps current="Shipping" />
          <ShippingForm />
        </>
      )}
    </RequireAuth>
  );
}

type Notice = { variant: "success" | "danger"; text: string } | null;

function ShippingForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const stored = useAppSelector((state) => state.cart.shippingAddress);
  const userPhone = useAppSelector(selectUser)?.phone;
  const withPhone = (address: AddressFields) => withAccountPhone(address, userPhone);
  const { data: addresses } = useGetAddressesQuery();
  const [notice, setNotice] = useState<Notice>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [addAddress, adding] = useAddAddressMutation();
  const [editAddress, editing] = useEditAddressMutation();
  const config = useShopConfig();
  const gst = config?.pricing.taxMode === "gst";
  // Checked on Continue and Save address only; a field's message goes as soon as it is changed.
  const { watch, getValues, setValue, reset, handleSubmit, setError, clearErrors, formState } = useForm<
    AddressFields,
    AddressRules,
    ShippingAddress
  >({
    defaultValues: withPhone(toFields(stored)),
    resolver: addressResolver,
    context: { gst },
    reValidateMode: "onSubmit",
  });
  const fields = watch();
  // With the India settings on, a PIN code typed for India is looked up: it fills the city and the state.
  const [lookup, setLookup] = useState<string | null>(null);
  const { currentData: place, error: placeError } = useGetPincodeQuery(lookup ?? skipToken);
  // Whether the shopper has typed: the saved address then no longer replaces what they typed.
  const typed = useRef(false);
  const picked = useRef(false);

  /** A saved address fills the form, for this order (the account's mobile number in an empty phone field). */
  const choose = useCallback(
    (address: SavedAddress) => {
      reset(withAccountPhone(toFields(address), userPhone));
      setSelectedId(address.id);
    },
    [reset, userPhone],
  );

  // Once the saved addresses are known: the one the form holds is marked; with none held, the
  // most recent one fills the form.
  useEffect(() => {
    if (picked.current || !addresses) return;
    picked.current = true;
    if (typed.current) return;
    if (stored) {
      const held = addresses.find((address) => sameAddress(toFields(stored), address));
      if (held) setSelectedId(held.id);
      return;
    }
    const latest = addresses.at(-1);
    if (latest) choose(latest);
  }, [addresses, stored, choose]);

  // After a refused Continue or Save address (the form's rules, or the server's), the first field to
  // fix (in the page's order) takes the focus. The count of submissions changes once their messages
  // are shown.
  const form = useRef<HTMLFormElement>(null);
  const { submitCount } = formState;
  useEffect(() => {
    if (submitCount > 0) form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [submitCount]);

  // The PIN code's district fills an empty city; its state is chosen (the PIN knows better than the list).
  useEffect(() => {
    if (!place) return;
    const current = getValues();
    if (pinOf(current.postalCode) !== place.pin || !isIndia(current.country)) return;
    const state = indianState(place.state) ?? canonicalState(place.state);
    if (!current.city.trim()) setValue("city", place.district);
    if (state) setValue("state", state);
    clearErrors(["city", "state"]);
  }, [place, getValues, setValue, clearErrors]);

  function change(name: keyof AddressFields, value: string) {
    typed.current = true;
    const country = getValues("country");
    if (name === "postalCode") setLookup(config && sellsInIndia(config) && isIndia(country) ? pinOf(value) : null);
    // An Indian state means nothing in another country, and the other way round.
    if (name === "country" && isIndia(value) !== isIndia(country)) setValue("state", "");
    setValue(name, value, { shouldDirty: true });
    clearErrors(name);
  }

  const field = (name: keyof AddressFields) => ({
    value: fields[name],
    errors: messagesOf(formState.errors[name]),
    onChange: (value: string) => change(name, value),
  });

  // Each check starts without the last answer's notice.
  const refused = () => setNotice(null);

  // A shop with one payment method (Razorpay) need not ask: on to Place Order with it.
  const proceed = handleSubmit((address) => {
    setNotice(null);
    dispatch(saveShippingAddress(address));
    const only = onlyPaymentMethod(config);
    if (only) dispatch(savePaymentMethod(only));
    navigate(only ? "/placeorder" : "/payment");
  }, refused);

  const save = handleSubmit(async (address) => {
    setNotice(null);
    const result = editingId === null ? await addAddress(address) : await editAddress({ id: editingId, ...address });
    if (result.error) {
      const onFields = Object.entries(fieldErrors(result.error)).filter(
        (entry): entry is [keyof AddressFields, string[]] => entry[0] in emptyAddressFields,
      );
      for (const [name, messages] of onFields) setError(name, { type: "server", message: messages[0], types: { server: messages } });
      if (onFields.length === 0) setNotice({ variant: "danger", text: errorText(result.error, "detail") });
      return;
    }
    setNotice({ variant: "success", text: editingId === null ? t("Address saved") : t("Address updated") });
    setEditingId(null);
    setSelectedId(result.data.id);
  }, refused);

  function pick(address: SavedAddress, edit: boolean) {
    reset(toFields(address));
    setNotice(null);
    setSelectedId(address.id);
    setEditingId(edit ? address.id : null);
  }

  /** An empty form (India), for an address not saved yet. */
  function clear() {
    reset(withPhone(emptyAddressFields));
    setLookup(null);
    setNotice(null);
    setEditingId(null);
    setSelectedId(null);
  }

  function startNew() {
    typed.current = true;
    clear();
    document.getElementById("shipping-label")?.focus();
  }

  /**
   * A saved address was deleted: when the form holds it (Continue must not ship there), the most
   * recent one left fills it, else the form is cleared.
   */
  function forget(id: number) {
    if (id !== editingId && id !== selectedId) return;
    const left = addresses?.filter((address) => address.id !== id).at(-1);
    if (!left) return clear();
    choose(left);
    setEditingId(null);
  }

  const saving = adding.isLoading || editing.isLoading;
  const india = isIndia(fields.country);
  // The place of supply: what GST mode asks of an address in India (the contract's rules say the same).
  const placeOfSupply = gst && india;
  const stateLabel = placeOfSupply ? t("State or union territory") : t("State (optional)");
  // What the PIN code lookup found wrong: said under the field (the server refuses an unserved PIN).
  const pinHint =
    lookup === null || pinOf(fields.postalCode) !== lookup
      ? undefined
      : place && !place.serviceable
        ? t("We do not deliver to {pin} yet", { pin: place.pin })
        : isUnknownPin(placeError)
          ? t("PIN code not found")
          : undefined;
  const saved = <SavedAddresses selectedId={selectedId} onPick={pick} onDeleted={forget} onNew={startNew} />;
  // On a phone, a returning shopper sees their saved addresses first. (Keyed, the list keeps its
  // state when it moves: "Address deleted" stays when the last one is.)
  const savedFirst = (addresses?.length ?? 0) > 0;
  return (
    <>
      <h1>{t("Shipping")}</h1>
      <div className="row gy-4">
        {savedFirst && (
          <div key="saved" className="col-lg-5 order-lg-2">
            {saved}
          </div>
        )}
        <div key="form" className="col-lg-7 order-lg-1">
          {/* The form and the list stay unnamed: "Address" labels one thing on this page, its field. */}
          <form ref={form} noValidate onSubmit={(event) => void proceed(event)} className="shipping-form">
            <h2 className="h4">{editingId !== null ? t("Edit the address") : t("Delivery address")}</h2>
            <TextField
              id="shipping-label"
              name="label"
              label={t("Label")}
              placeholder={t("Home, Farm…")}
              required
              maxLength={ADDRESS_MAX_LENGTHS.label}
              {...field("label")}
            />
            <TextField
              id="shipping-address"
              name="address"
              label={t("Address")}
              autoComplete="street-address"
              required
              maxLength={ADDRESS_MAX_LENGTHS.address}
              {...field("address")}
            />
            <TextField
              id="shipping-landmark"
              name="landmark"
              label={t("Landmark (optional)")}
              maxLength={ADDRESS_MAX_LENGTHS.landmark}
              {...field("landmark")}
            />
            <div className="row">
              <div className="col-sm-6">
                <TextField
                  id="shipping-city"
                  name="city"
                  label={t("City")}
                  autoComplete="address-level2"
                  required
                  maxLength={ADDRESS_MAX_LENGTHS.city}
                  {...field("city")}
                />
              </div>
              <div className="col-sm-6">
                <TextField
                  id="shipping-postal-code"
                  name="postalCode"
                  label={t("Pin Code")}
                  autoComplete="postal-code"
                  inputMode={india ? "numeric" : "text"}
                  required
                  maxLength={india ? PIN_CODE_LENGTH : ADDRESS_MAX_LENGTHS.postalCode}
                  hint={pinHint}
                  {...field("postalCode")}
                />
              </div>
              <div className="col-sm-6">
                {india ? (
                  <SelectField
                    id="shipping-state"
                    name="state"
                    label={stateLabel}
                    autoComplete="address-level1"
                    required={gst}
                    {...field("state")}
                  >
                    <option value="">{t("Choose a state")}</option>
                    <Choices values={[fields.state]} known={[...INDIAN_STATES, ...UNION_TERRITORIES]} />
                    <optgroup label={t("States")}>
                      <Options values={INDIAN_STATES} />
                    </optgroup>
                    <optgroup label={t("Union territories")}>
                      <Options values={UNION_TERRITORIES} />
                    </optgroup>
                  </SelectField>
                ) : (
                  <TextField
                    id="shipping-state"
                    name="state"
                    label={stateLabel}
                    autoComplete="address-level1"
                    maxLength={ADDRESS_MAX_LENGTHS.state}
                    {...field("state")}
                  />
                )}
              </div>
              <div className="col-sm-6">
                <SelectField
                  id="shipping-country"
                  name="country"
                  label={t("Country")}
                  autoComplete="country-name"
                  required
                  {...field("country")}
                >
                  <Options values={COUNTRIES} />
                  <Choices values={[fields.country]} known={COUNTRIES} />
                </SelectField>
              </div>
            </div>
            <TextField
              id="shipping-phone"
              name="phone"
              type="tel"
              label={placeOfSupply ? t("Mobile number") : t("Mobile number (optional)")}
              hint={t("For the courier")}
              autoComplete="tel"
              inputMode="tel"
              required={placeOfSupply}
              maxLength={ADDRESS_MAX_LENGTHS.phone}
              {...field("phone")}
            />
            {notice && <Message variant={notice.variant}>{notice.text}</Message>}
            <div className="shipping-actions">
              <Button type="submit" variant="primary">
                {t("Continue")}
              </Button>
              <Button type="button" variant="outline-primary" disabled={saving} onClick={() => void save()}>
                {editingId === null ? t("Save address") : t("Update address")}
              </Button>
              {editingId !== null && (
                <Button type="button" variant="link" onClick={() => setEditingId(null)}>
                  {t("Cancel editing")}
                </Button>
              )}
            </div>
          </form>
        </div>
        {!savedFirst && (
          <div key="saved" className="col-lg-5 order-lg-2">
            {saved}
          </div>
        )}
      </div>
    </>
  );
}

/** A field's messages: the rules' (a message id) or the server's (its texts, all of them). */
function messagesOf(error: FieldError | undefined): string[] | undefined {
  if (!error) return undefined;
  const server = error.types?.server;
  return translatedErrors(Array.isArray(server) ? server : error.message ? [error.message] : []);
}

/** The account's own mobile number in an empty phone field: its 10 digits, as the field takes them (another country's, not). */
function withAccountPhone(fields: AddressFields, phone: string | null | undefined): AddressFields {
  const mobile = !fields.phone && phone ? indianMobile(phone) : null;
  return mobile ? { ...fields, phone: mobile } : fields;
}

/** Options for a list of message ids: the English value stored, its text in the shop's language shown. */
function Options({ values }: { values: readonly MessageId[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {t(value)}
    </option>
  ));
}

/** An option for a value the list does not have (an older address's spelling), so it is shown as it is. */
function Choices({ values, known }: { values: string[]; known: readonly string[] }) {
  return values
    .filter((value) => value && !known.includes(value))
    .map((value) => (
      <option key={value} value={value}>
        {value}
      </option>
    ));
}

interface SavedAddressesProps {
  selectedId: number | null;
  onPick: (address: SavedAddress, edit: boolean) => void;
  onDeleted: (id: number) => void;
  /** Empties the form for a new address. */
  onNew: () => void;
}

/** The saved addresses (GET /api/users/addresses/all): Select fills the form, Edit too (to update it), Delete asks first. */
function SavedAddresses({ selectedId, onPick, onDeleted, onNew }: SavedAddressesProps) {
  const { data: addresses, error, isLoading } = useGetAddressesQuery();
  const [deleteAddress, deleting] = useDeleteAddressMutation();
  const [deleted, setDeleted] = useState(false);

  async function remove(address: SavedAddress) {
    if (!window.confirm(t(DELETE_ADDRESS_CONFIRM))) return;
    setDeleted(false);
    const result = await deleteAddress(address.id);
    if (result.error) return;
    setDeleted(true);
    onDeleted(address.id);
  }

  return (
    <section>
      <h2 className="h4">{t("Saved addresses")}</h2>
      {deleting.error && <Message variant="danger">{errorText(deleting.error, "detail")}</Message>}
      {deleted && <Message variant="success">{t("Address deleted")}</Message>}
      {isLoading ? (
        <Loader />
      ) : error || !addresses ? (
        <Message variant="danger">{errorText(error, "detail")}</Message>
      ) : addresses.length === 0 ? (
        <Message>{t("No saved addresses yet")}</Message>
      ) : (
        <>
          <ul className="saved-addresses">
            {addresses.map((address) => {
              const selected = address.id === selectedId;
              return (
                <li
                  key={address.id}
                  className={selected ? "saved-address saved-address--selected" : "saved-address"}
                  aria-current={selected || undefined}
                >
                  <p className="saved-address__label">
                    {address.label}
                    {selected && <span className="badge text-bg-success ms-2">{t("Selected")}</span>}
                  </p>
                  <p className="saved-address__line">{addressLine(address)}</p>
                  {address.phone && <p className="saved-address__line">{t("Mobile: {phone}", { phone: formatPhone(address.phone) })}</p>}
                  <div className="saved-address__actions">
                    <Button
                      type="button"
                      variant={selected ? "primary" : "outline-primary"}
                      aria-label={t("Select {label}", { label: address.label })}
                      onClick={() => onPick(address, false)}
                    >
                      {t("Select")}
                    </Button>
                    <Button
                      type="button"
                      variant="outline-primary"
                      aria-label={t("Edit {label}", { label: address.label })}
                      onClick={() => onPick(address, true)}
                    >
                      {t("Edit")}
                    </Button>
                    <Button
                      type="button"
                      variant="outline-danger"
                      aria-label={t("Delete {label}", { label: address.label })}
                      disabled={deleting.isLoading}
                      onClick={() => void remove(address)}
                    >
                      {t("Delete")}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <Button type="button" variant="outline-primary" className="w-100 mt-3 saved-addresses__new" onClick={onNew}>
            {t("Add a new address")}
          </Button>
        </>
      )}
    </section>
  );
}
