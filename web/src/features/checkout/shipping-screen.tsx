import type { SavedAddress } from "@krishi/contract";
import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import ListGroup from "react-bootstrap/ListGroup";
import Row from "react-bootstrap/Row";
import { useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { CheckoutSteps } from "../../components/checkout-steps.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { addressLine } from "../../lib/address.ts";
import { errorText, type FieldErrors, fieldErrors } from "../../lib/api-error.ts";
import { RequireAuth } from "../auth/require-auth.tsx";
import { saveShippingAddress } from "../cart/index.ts";
import { type AddressFields, emptyAddressFields, toAddress, toFields, validateAddress } from "./address-form.ts";
import { useAddAddressMutation, useDeleteAddressMutation, useEditAddressMutation, useGetAddressesQuery } from "./addresses-api.ts";

export const DELETE_ADDRESS_CONFIRM = "Are you sure you want to delete this address?";

/**
 * /shipping (signed-in users): the address for this order, typed or picked from the saved ones.
 * Save address adds it to the saved list (or updates the one being edited); Continue keeps it
 * for the order (and in localStorage) and goes on to /payment.
 */
export function ShippingScreen() {
  return (
    <RequireAuth>
      {() => (
        <>
          <title>Shipping | Krishi Bazaar</title>
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
  const [fields, setFields] = useState<AddressFields>(() => toFields(stored));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [addAddress, adding] = useAddAddressMutation();
  const [editAddress, editing] = useEditAddressMutation();

  const field = (name: keyof AddressFields) => ({
    value: fields[name],
    errors: errors[name],
    onChange: (value: string) => {
      setFields((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _, ...others }) => others);
    },
  });

  /** The form's address when it is valid; otherwise its messages go under the fields. */
  function checked() {
    const found = validateAddress(fields);
    setErrors(found);
    setNotice(null);
    return Object.keys(found).length === 0 ? toAddress(fields) : null;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = checked();
    if (!address) return;
    dispatch(saveShippingAddress(address));
    navigate("/payment");
  }

  async function save() {
    const address = checked();
    if (!address) return;
    const result = editingId === null ? await addAddress(address) : await editAddress({ id: editingId, ...address });
    if (result.error) {
      const onFields = fieldErrors(result.error);
      setErrors(onFields);
      const known = Object.keys(onFields).some((name) => name in emptyAddressFields);
      if (!known) setNotice({ variant: "danger", text: errorText(result.error, "detail") });
      return;
    }
    setNotice({ variant: "success", text: editingId === null ? "Address saved" : "Address updated" });
    setEditingId(null);
    setSelectedId(result.data.id);
  }

  function pick(address: SavedAddress, edit: boolean) {
    setFields(toFields(address));
    setErrors({});
    setNotice(null);
    setSelectedId(address.id);
    setEditingId(edit ? address.id : null);
  }

  function forget(id: number) {
    if (editingId === id) setEditingId(null);
    if (selectedId === id) setSelectedId(null);
  }

  const saving = adding.isLoading || editing.isLoading;
  return (
    <Row className="gy-4">
      <Col lg={7}>
        <h1>Shipping</h1>
        {notice && <Message variant={notice.variant}>{notice.text}</Message>}
        <form noValidate onSubmit={submit}>
          <TextField id="shipping-label" name="label" label="Label" placeholder="Home, Farm…" required {...field("label")} />
          <TextField id="shipping-address" name="address" label="Address" autoComplete="street-address" required {...field("address")} />
          <TextField id="shipping-city" name="city" label="City" autoComplete="address-level2" required {...field("city")} />
          <TextField
            id="shipping-postal-code"
            name="postalCode"
            label="Pin Code"
            autoComplete="postal-code"
            inputMode="numeric"
            required
            {...field("postalCode")}
          />
          <TextField id="shipping-country" name="country" label="Country" autoComplete="country-name" required {...field("country")} />
          <TextField id="shipping-state" name="state" label="State (optional)" autoComplete="address-level1" {...field("state")} />
          <TextField id="shipping-landmark" name="landmark" label="Landmark (optional)" {...field("landmark")} />
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" variant="primary">
              Continue
            </Button>
            <Button type="button" variant="outline-primary" disabled={saving} onClick={() => void save()}>
              {editingId === null ? "Save address" : "Update address"}
            </Button>
            {editingId !== null && (
              <Button type="button" variant="link" onClick={() => setEditingId(null)}>
                Cancel editing
              </Button>
            )}
          </div>
        </form>
      </Col>
      <Col lg={5}>
        <SavedAddresses selectedId={selectedId} onPick={pick} onDeleted={forget} />
      </Col>
    </Row>
  );
}

interface SavedAddressesProps {
  selectedId: number | null;
  onPick: (address: SavedAddress, edit: boolean) => void;
  onDeleted: (id: number) => void;
}

/** The saved addresses (GET /api/users/addresses/all): Select fills the form, Edit too (to update it), Delete asks first. */
function SavedAddresses({ selectedId, onPick, onDeleted }: SavedAddressesProps) {
  const { data: addresses, error, isLoading } = useGetAddressesQuery();
  const [deleteAddress, deleting] = useDeleteAddressMutation();

  async function remove(address: SavedAddress) {
    if (!window.confirm(DELETE_ADDRESS_CONFIRM)) return;
    const result = await deleteAddress(address.id);
    if (!result.error) onDeleted(address.id);
  }

  return (
    <section>
      <h2 className="h4">Saved addresses</h2>
      {deleting.error && <Message variant="danger">{errorText(deleting.error, "detail")}</Message>}
      {isLoading ? (
        <Loader />
      ) : error || !addresses ? (
        <Message variant="danger">{errorText(error, "detail")}</Message>
      ) : addresses.length === 0 ? (
        <Message>No saved addresses yet</Message>
      ) : (
        <ListGroup as="ul">
          {addresses.map((address) => (
            <ListGroup.Item as="li" key={address.id} aria-current={address.id === selectedId || undefined}>
              <p className="fw-semibold mb-1">
                {address.label}
                {address.id === selectedId && <span className="badge text-bg-success ms-2">Selected</span>}
              </p>
              <p className="mb-2">{addressLine(address)}</p>
              <div className="d-flex flex-wrap gap-2">
                <AddressButton action="Select" address={address} variant="primary" onClick={() => onPick(address, false)} />
                <AddressButton action="Edit" address={address} variant="outline-primary" onClick={() => onPick(address, true)} />
                <AddressButton
                  action="Delete"
                  address={address}
                  variant="outline-danger"
                  disabled={deleting.isLoading}
                  onClick={() => void remove(address)}
                />
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}

interface AddressButtonProps {
  action: "Select" | "Edit" | "Delete";
  address: SavedAddress;
  variant: string;
  disabled?: boolean;
  onClick: () => void;
}

/** A saved address's small button, named with the address ("Edit Home"). */
function AddressButton({ action, address, ...button }: AddressButtonProps) {
  return (
    <Button type="button" size="sm" aria-label={`${action} ${address.label}`} {...button}>
      {action}
    </Button>
  );
}
