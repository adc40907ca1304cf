import { type FormEvent, useState } from "react";
import { t } from "../i18n/index.ts";

/** By field id, the shop's messages for the fields a form refuses. */
export type RefusedFields = Partial<Record<string, string[]>>;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isField(element: Element): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** The shop's words for what a field's own rules (`required`, `type="email"`) refuse, in the current language. */
function refusal(field: Field): string {
  if (field.validity.valueMissing) return t("Please fill in this field.");
  if (field.validity.typeMismatch && field.type === "email") return t("Enter a valid email address.");
  return t("Please check this field.");
}

/**
 * The fields of a form that their own rules refuse (an empty required field, an e-mail address
 * that is not one), by id, each with the shop's message for it.
 */
export function refusedFields(form: HTMLFormElement): RefusedFields {
  const refused: RefusedFields = {};
  for (const element of Array.from(form.elements)) {
    if (isField(element) && element.id && !element.validity.valid) refused[element.id] = [refusal(element)];
  }
  return refused;
}

/**
 * The check of a form's fields by their own rules, in the shop's words instead of the browser's
 * bubble (which speaks the browser's language, not the shop's). `formProps(send)` makes the form
 * `noValidate` and sends it (`send`, e.g. react-hook-form's handleSubmit) only when its fields pass;
 * otherwise `refused[id]` says why under each refused field and the first takes the focus. A
 * field's message goes once it is corrected.
 */
export function useFormCheck() {
  const [refused, setRefused] = useState<RefusedFields>({});

  function submit(event: FormEvent<HTMLFormElement>, send: (event: FormEvent<HTMLFormElement>) => unknown) {
    const found = refusedFields(event.currentTarget);
    setRefused(found);
    const first = Object.keys(found)[0];
    if (first === undefined) return void send(event);
    event.preventDefault();
    event.currentTarget.ownerDocument.getElementById(first)?.focus();
  }

  function revise(event: FormEvent<HTMLFormElement>) {
    const field = event.target as Element;
    if (isField(field) && field.validity.valid && refused[field.id]) setRefused(({ [field.id]: _, ...rest }) => rest);
  }

  return {
    refused,
    formProps: (send: (event: FormEvent<HTMLFormElement>) => unknown) => ({
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => submit(event, send),
      onChange: revise,
    }),
  };
}
