import { SEASONS, type Season } from "@krishi/contract";
import { MAX_CROP_STAGES } from "@krishi/contract/schemas";
import { type FormEvent, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { localized, t } from "../../i18n/index.ts";
import type { FieldErrors } from "../../lib/api-error.ts";
import { problemsOf, saveErrors } from "../../lib/save-errors.ts";
import { SEASON_NAMES, wordsOf } from "./crop-names.ts";
import { type CropInput, type Problem, type StaffCrop, useCreateCropMutation, useUpdateCropMutation } from "./crops-api.ts";
import { GroupErrors } from "./staff-form.tsx";

interface StageFields {
  slug: string;
  name: string;
  nameHi: string;
}

/**
 * The crop form's fields as typed; its problems are those ticked, each with the place in `stages`
 * of the stage it appears at (ANY_STAGE: any), so a stage's slug may be retyped.
 */
export interface CropFields {
  slug: string;
  name: string;
  nameHi: string;
  image: string;
  seasons: Season[];
  stages: StageFields[];
  aliases: string;
  position: string;
  problems: Record<string, number>;
}

const ANY_STAGE = -1;

/** The fields the server names in its refusals, each shown under its field ("stages.0.slug" under that stage's). */
const FORM_FIELDS = ["slug", "name", "nameHi", "image", "seasons", "stages", "aliases", "position", "problems"] as const;

const NEW_CROP: CropFields = {
  slug: "",
  name: "",
  nameHi: "",
  image: "",
  seasons: [],
  stages: [],
  aliases: "",
  position: "",
  problems: {},
};

export function cropFieldsOf(crop: StaffCrop | null): CropFields {
  if (!crop) return NEW_CROP;
  return {
    slug: crop.slug,
    name: crop.name,
    nameHi: crop.nameHi,
    image: crop.image,
    seasons: [...crop.seasons],
    stages: crop.stages.map((stage) => ({ ...stage })),
    aliases: crop.aliases.join(", "),
    position: String(crop.position),
    problems: Object.fromEntries(crop.problems.map((link) => [link.problem, crop.stages.findIndex((stage) => stage.slug === link.stage)])),
  };
}

/**
 * The body the server takes (it checks the rest): texts trimmed, the slug in lower case, the
 * seasons in their order, the aliases typed with commas, a blank position the server's, and the
 * problems ticked in the order of the problems' list.
 */
export function cropInputOf(fields: CropFields, problems: readonly Problem[]): CropInput {
  const stages = fields.stages.map((stage) => ({
    slug: stage.slug.trim().toLowerCase(),
    name: stage.name.trim(),
    nameHi: stage.nameHi.trim(),
  }));
  return {
    slug: fields.slug.trim().toLowerCase(),
    name: fields.name.trim(),
    nameHi: fields.nameHi.trim(),
    image: fields.image.trim(),
    seasons: SEASONS.filter((season) => fields.seasons.includes(season)),
    stages,
    aliases: wordsOf(fields.aliases),
    ...(fields.position.trim() ? { position: Number(fields.position.trim()) } : {}),
    problems: linkedProblems(fields, problems).map((problem) => ({
      problem: problem.slug,
      stage: stages[fields.problems[problem.slug] ?? ANY_STAGE]?.slug ?? "",
    })),
  };
}

/** The problems ticked, in the list's order: the order the body sends them in ("problems.2" is the third). */
const linkedProblems = (fields: CropFields, problems: readonly Problem[]) => problems.filter((problem) => problem.slug in fields.problems);

/**
 * Adds a crop, or changes the one chosen in the list: its address (slug), names, picture, seasons,
 * growth stages, other names farmers use, place in lists, and the problems that trouble it, each
 * with the stage it appears at. The server's refusals show under their fields.
 */
export function CropForm({ crop, problems, onDone }: { crop: StaffCrop | null; problems: readonly Problem[]; onDone: () => void }) {
  const [create, created] = useCreateCropMutation();
  const [update, updated] = useUpdateCropMutation();
  const [fields, setFields] = useState(() => cropFieldsOf(crop));
  const [saved, setSaved] = useState(false);
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const idBase = useId();
  const { error, isLoading } = crop ? updated : created;
  const server = saveErrors(error, FORM_FIELDS);
  const errors = checked ? { fields: checked, detail: null } : server;
  const change = (next: Partial<CropFields>) => {
    setFields((now) => ({ ...now, ...next }));
    setSaved(false);
  };
  const field = (name: "slug" | "name" | "nameHi" | "image" | "aliases" | "position") => ({
    id: `${idBase}-${name}`,
    value: fields[name],
    errors: problemsOf(errors.fields, name),
    onChange: (value: string) => change({ [name]: value }),
  });

  const setStage = (index: number, next: Partial<StageFields>) =>
    change({ stages: fields.stages.map((stage, i) => (i === index ? { ...stage, ...next } : stage)) });
  /** A stage removed: the problems at it appear at any stage, those at later ones keep theirs. */
  const removeStage = (index: number) =>
    change({
      stages: fields.stages.filter((_, i) => i !== index),
      problems: Object.fromEntries(
        Object.entries(fields.problems).map(([problem, at]) => [problem, at === index ? ANY_STAGE : at > index ? at - 1 : at]),
      ),
    });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const focusProblem = () => requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    const position = fields.position.trim();
    const local = position && !/^\d+$/.test(position) ? { position: [t("Please enter a whole number.")] } : null;
    setChecked(local);
    if (local) return focusProblem();
    const body = cropInputOf(fields, problems);
    const result = crop ? await update({ slug: crop.slug, body }) : await create(body);
    if (result.error) return focusProblem();
    if (crop) onDone();
    else {
      setFields(NEW_CROP);
      setSaved(true);
    }
  }

  const title = crop ? t("Change {name}", { name: crop.name }) : t("Add a crop");
  const sent = linkedProblems(fields, problems);
  const seasonErrors = problemsOf(errors.fields, "seasons");
  const stageErrors = errors.fields.stages;
  const problemErrors = errors.fields.problems;
  return (
    <form noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      <h2 className="h5">{title}</h2>
      {errors.detail && <Message variant="danger">{errors.detail}</Message>}
      <TextField
        label={t("Address (slug)")}
        hint={t("Lower-case letters, digits and hyphens: the crop's page is /crop/{slug}.", { slug: fields.slug.trim() || "cotton" })}
        autoCapitalize="none"
        autoComplete="off"
        required
        maxLength={60}
        {...field("slug")}
      />
      <TextField label={t("Name")} required maxLength={80} {...field("name")} />
      <TextField label={t("Name in Hindi")} maxLength={80} lang="hi" {...field("nameHi")} />
      <TextField
        label={t("Image path")}
        hint={t("A path in the shop's images or a full address; blank for none.")}
        maxLength={300}
        {...field("image")}
      />
      <fieldset className="mb-3" aria-describedby={seasonErrors ? `${idBase}-seasons-errors` : undefined}>
        <legend className="form-label fs-6">{t("Seasons")}</legend>
        {SEASONS.map((season) => (
          <div className="form-check" key={season}>
            <input
              id={`${idBase}-season-${season}`}
              className="form-check-input"
              type="checkbox"
              checked={fields.seasons.includes(season)}
              onChange={(event) =>
                change({ seasons: event.target.checked ? [...fields.seasons, season] : fields.seasons.filter((s) => s !== season) })
              }
            />
            <label htmlFor={`${idBase}-season-${season}`} className="form-check-label">
              {t(SEASON_NAMES[season])}
            </label>
          </div>
        ))}
        <GroupErrors id={`${idBase}-seasons-errors`} messages={seasonErrors} />
      </fieldset>
      <fieldset className="mb-3" aria-describedby={stageErrors ? `${idBase}-stages-errors` : undefined}>
        <legend className="form-label fs-6">{t("Growth stages")}</legend>
        {fields.stages.map((stage, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its place in the list; its fields are typed in place
          <Row className="g-2 align-items-end" key={i}>
            <Col xs={12} sm={3}>
              <TextField
                id={`${idBase}-stage-${i}-slug`}
                label={t("Stage {n}: slug", { n: i + 1 })}
                autoCapitalize="none"
                maxLength={60}
                value={stage.slug}
                errors={problemsOf(errors.fields, `stages.${i}.slug`)}
                onChange={(slug) => setStage(i, { slug })}
              />
            </Col>
            <Col xs={12} sm={3}>
              <TextField
                id={`${idBase}-stage-${i}-name`}
                label={t("Stage {n}: name", { n: i + 1 })}
                maxLength={60}
                value={stage.name}
                errors={problemsOf(errors.fields, `stages.${i}.name`)}
                onChange={(name) => setStage(i, { name })}
              />
            </Col>
            <Col xs={12} sm={3}>
              <TextField
                id={`${idBase}-stage-${i}-nameHi`}
                label={t("Stage {n}: name in Hindi", { n: i + 1 })}
                lang="hi"
                maxLength={60}
                value={stage.nameHi}
                errors={problemsOf(errors.fields, `stages.${i}.nameHi`)}
                onChange={(nameHi) => setStage(i, { nameHi })}
              />
            </Col>
            <Col xs={12} sm={3} className="mb-3 d-grid">
              <Button variant="light" className="border staff-tap" onClick={() => removeStage(i)}>
                {t("Remove stage {n}", { n: i + 1 })}
              </Button>
            </Col>
          </Row>
        ))}
        <GroupErrors id={`${idBase}-stages-errors`} messages={stageErrors} />
        <Button
          variant="outline-primary"
          className="staff-tap"
          disabled={fields.stages.length >= MAX_CROP_STAGES}
          onClick={() => change({ stages: [...fields.stages, { slug: "", name: "", nameHi: "" }] })}
        >
          {t("Add a stage")}
        </Button>
      </fieldset>
      <TextField
        label={t("Other names")}
        hint={t("What farmers also call it, separated by commas (kapas, narma).")}
        maxLength={1300}
        {...field("aliases")}
      />
      <TextField label={t("Place in lists")} hint={t("Smaller first; blank: last.")} inputMode="numeric" {...field("position")} />
      <fieldset className="mb-3" aria-describedby={problemErrors ? `${idBase}-problems-errors` : undefined}>
        <legend className="form-label fs-6">{t("Its problems")}</legend>
        {problems.length === 0 && <p className="form-text mt-0">{t("No problems yet: add them below.")}</p>}
        {problems.map((problem) => {
          const ticked = problem.slug in fields.problems;
          const index = sent.indexOf(problem);
          const linkErrors = index >= 0 ? problemsOf(errors.fields, `problems.${index}`) : undefined;
          const name = localized(problem.name, problem.nameHi);
          return (
            <div key={problem.slug} className="mb-2">
              <div className="form-check">
                <input
                  id={`${idBase}-problem-${problem.slug}`}
                  className={linkErrors ? "form-check-input is-invalid" : "form-check-input"}
                  type="checkbox"
                  checked={ticked}
                  aria-invalid={linkErrors ? true : undefined}
                  aria-describedby={linkErrors ? `${idBase}-problem-${problem.slug}-errors` : undefined}
                  onChange={(event) => {
                    const { [problem.slug]: _, ...others } = fields.problems;
                    change({ problems: event.target.checked ? { ...fields.problems, [problem.slug]: ANY_STAGE } : others });
                  }}
                />
                <label htmlFor={`${idBase}-problem-${problem.slug}`} className="form-check-label">
                  {name}
                </label>
              </div>
              {ticked && (
                <select
                  className="form-select form-select-sm staff-tap ms-4 mt-1 w-auto"
                  aria-label={t("Stage of {name}", { name })}
                  value={fields.problems[problem.slug]}
                  onChange={(event) => change({ problems: { ...fields.problems, [problem.slug]: Number(event.target.value) } })}
                >
                  <option value={ANY_STAGE}>{t("Any stage")}</option>
                  {fields.stages.map((stage, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its place in the list
                    <option key={i} value={i}>
                      {localized(stage.name || stage.slug || t("Stage {n}", { n: i + 1 }), stage.nameHi)}
                    </option>
                  ))}
                </select>
              )}
              <GroupErrors id={`${idBase}-problem-${problem.slug}-errors`} messages={linkErrors} />
            </div>
          );
        })}
        <GroupErrors id={`${idBase}-problems-errors`} messages={problemErrors} />
      </fieldset>
      {/* Beside the button: on a phone the form's top is a long way up. */}
      <div role="status">{saved && <Message variant="success">{t("Crop saved.")}</Message>}</div>
      <div className="d-grid gap-2 d-sm-block">
        <Button type="submit" variant="primary" className="staff-tap" disabled={isLoading}>
          {crop ? t("Save crop") : t("Add crop")}
        </Button>{" "}
        {crop && (
          <Button type="button" variant="light" className="border staff-tap" onClick={onDone}>
            {t("Cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
