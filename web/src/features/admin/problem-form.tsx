import { PROBLEM_KINDS, type ProblemKind } from "@krishi/contract";
import { type FormEvent, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { problemsOf, saveErrors } from "../../lib/save-errors.ts";
import { PROBLEM_KIND_NAMES, wordsOf } from "./crop-names.ts";
import { type Problem, type ProblemInput, useCreateProblemMutation, useUpdateProblemMutation } from "./crops-api.ts";

/** The problem form's fields as typed. */
export interface ProblemFields {
  slug: string;
  kind: ProblemKind;
  name: string;
  nameHi: string;
  symptoms: string;
  symptomsHi: string;
  image: string;
  aliases: string;
}

const FORM_FIELDS = ["slug", "kind", "name", "nameHi", "symptoms", "symptomsHi", "image", "aliases"] as const;

const NEW_PROBLEM: ProblemFields = {
  slug: "",
  kind: "pest",
  name: "",
  nameHi: "",
  symptoms: "",
  symptomsHi: "",
  image: "",
  aliases: "",
};

export function problemFieldsOf(problem: Problem | null): ProblemFields {
  return problem ? { ...problem, aliases: problem.aliases.join(", ") } : NEW_PROBLEM;
}

/** The body the server takes: texts trimmed, the slug in lower case, the aliases typed with commas. */
export function problemInputOf(fields: ProblemFields): ProblemInput {
  return {
    slug: fields.slug.trim().toLowerCase(),
    kind: fields.kind,
    name: fields.name.trim(),
    nameHi: fields.nameHi.trim(),
    symptoms: fields.symptoms.trim(),
    symptomsHi: fields.symptomsHi.trim(),
    image: fields.image.trim(),
    aliases: wordsOf(fields.aliases),
  };
}

/**
 * Adds a problem (a pest, a disease, a weed or a deficiency), or changes the one chosen in the
 * list: its address, kind, names, symptoms in English and Hindi, picture and the other names
 * farmers use. Which crops it troubles is said on the crops' form.
 */
export function ProblemForm({ problem, onDone }: { problem: Problem | null; onDone: () => void }) {
  const [create, created] = useCreateProblemMutation();
  const [update, updated] = useUpdateProblemMutation();
  const [fields, setFields] = useState(() => problemFieldsOf(problem));
  const [saved, setSaved] = useState(false);
  const idBase = useId();
  const { error, isLoading } = problem ? updated : created;
  const errors = saveErrors(error, FORM_FIELDS);
  const change = (next: Partial<ProblemFields>) => {
    setFields((now) => ({ ...now, ...next }));
    setSaved(false);
  };
  const field = (name: Exclude<keyof ProblemFields, "kind">) => ({
    id: `${idBase}-${name}`,
    value: fields[name],
    errors: problemsOf(errors.fields, name),
    onChange: (value: string) => change({ [name]: value }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = problemInputOf(fields);
    const result = problem ? await update({ slug: problem.slug, body }) : await create(body);
    if (result.error) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    if (problem) onDone();
    else {
      setFields(NEW_PROBLEM);
      setSaved(true);
    }
  }

  const title = problem ? t("Change {name}", { name: problem.name }) : t("Add a problem");
  return (
    <form noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      <h2 className="h5">{title}</h2>
      {errors.detail && <Message variant="danger">{errors.detail}</Message>}
      <TextField
        label={t("Address (slug)")}
        hint={t("Lower-case letters, digits and hyphens: the problem's page is /crop/{crop}/{slug}.", {
          crop: "cotton",
          slug: fields.slug.trim() || "whitefly",
        })}
        autoCapitalize="none"
        autoComplete="off"
        required
        maxLength={60}
        {...field("slug")}
      />
      <div className="mb-3">
        <label htmlFor={`${idBase}-kind`} className="form-label">
          {t("Kind of problem")}
        </label>
        <select
          id={`${idBase}-kind`}
          className="form-select staff-tap"
          value={fields.kind}
          onChange={(event) => change({ kind: event.target.value as ProblemKind })}
        >
          {PROBLEM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(PROBLEM_KIND_NAMES[kind])}
            </option>
          ))}
        </select>
      </div>
      <TextField label={t("Name")} required maxLength={80} {...field("name")} />
      <TextField label={t("Name in Hindi")} maxLength={80} lang="hi" {...field("nameHi")} />
      <TextField label={t("Symptoms")} hint={t("What a farmer sees, in a few lines.")} rows={3} maxLength={1000} {...field("symptoms")} />
      <TextField label={t("Symptoms in Hindi")} rows={3} maxLength={1000} lang="hi" {...field("symptomsHi")} />
      <TextField
        label={t("Image path")}
        hint={t("A path in the shop's images or a full address; blank for none.")}
        maxLength={300}
        {...field("image")}
      />
      <TextField
        label={t("Other names")}
        hint={t("What farmers also call it, separated by commas (safed makhi, सफ़ेद मक्खी).")}
        maxLength={1300}
        {...field("aliases")}
      />
      <div role="status">{saved && <Message variant="success">{t("Problem saved.")}</Message>}</div>
      <div className="d-grid gap-2 d-sm-block">
        <Button type="submit" variant="primary" className="staff-tap" disabled={isLoading}>
          {problem ? t("Save problem") : t("Add problem")}
        </Button>{" "}
        {problem && (
          <Button type="button" variant="light" className="border staff-tap" onClick={onDone}>
            {t("Cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
