import { useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import ListGroup from "react-bootstrap/ListGroup";
import { Message } from "../../components/message.tsx";
import { localized, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { CropForm } from "./crop-form.tsx";
import { PROBLEM_KIND_NAMES, SEASON_NAMES } from "./crop-names.ts";
import {
  type Problem,
  type StaffCrop,
  type StaffCrops,
  useDeleteCropMutation,
  useDeleteProblemMutation,
  useGetStaffCropsQuery,
} from "./crops-api.ts";
import { ProblemForm } from "./problem-form.tsx";
import { RequireStaff } from "./require-staff.tsx";
import { GoBack } from "./staff-form.tsx";
import { QueryState } from "./staff-list.tsx";
import "./promotions.css";

/**
 * /admin/crops (staff): the crops (in the shop's order, with their seasons, stages and problems)
 * and the problems (pests, diseases, weeds, deficiencies), each changed or deleted one by one, and
 * a form to add one of each. Lists of short facts, not wide tables: they read on a 390 px phone.
 */
export function CropsScreen() {
  const { currentData, error, isFetching } = useGetStaffCropsQuery();
  return (
    <RequireStaff>
      <title>{`${t("Crops and problems")} | Krishi Bazaar`}</title>
      <GoBack to="/admin" />
      <h1>{t("Crops and problems")}</h1>
      <QueryState data={currentData} error={error} isFetching={isFetching}>
        {(answer) => <CropsAndProblems answer={answer} />}
      </QueryState>
    </RequireStaff>
  );
}

function CropsAndProblems({ answer }: { answer: StaffCrops }) {
  const [crop, setCrop] = useState<StaffCrop | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const cropForm = useRef<HTMLElement>(null);
  const problemForm = useRef<HTMLElement>(null);
  // The form is below the list: on a phone, a long way down from the Edit tapped.
  useEffect(() => {
    if (crop) cropForm.current?.scrollIntoView?.({ block: "start" });
  }, [crop]);
  useEffect(() => {
    if (problem) problemForm.current?.scrollIntoView?.({ block: "start" });
  }, [problem]);
  return (
    <>
      <h2 className="h4 mt-4">{t("Crops")}</h2>
      <CropList answer={answer} onEdit={setCrop} />
      <section className="card mt-3" ref={cropForm}>
        <div className="card-body">
          <CropForm key={crop?.slug ?? "new"} crop={crop} problems={answer.problems} onDone={() => setCrop(null)} />
        </div>
      </section>
      <h2 className="h4 mt-5">{t("Problems")}</h2>
      <ProblemList answer={answer} onEdit={setProblem} />
      <section className="card mt-3" ref={problemForm}>
        <div className="card-body">
          <ProblemForm key={problem?.slug ?? "new"} problem={problem} onDone={() => setProblem(null)} />
        </div>
      </section>
    </>
  );
}

function CropList({ answer, onEdit }: { answer: StaffCrops; onEdit: (crop: StaffCrop) => void }) {
  const [remove, { error, isLoading }] = useDeleteCropMutation();
  const { crops, problems } = answer;
  if (crops.length === 0) return <p>{t("No crops yet.")}</p>;
  const problemName = (slug: string) => {
    const found = problems.find((problem) => problem.slug === slug);
    return found ? localized(found.name, found.nameHi) : slug;
  };
  return (
    <>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <ListGroup as="ul" aria-label={t("Crops")}>
        {crops.map((crop) => (
          <ListGroup.Item as="li" key={crop.slug} className="promotion-item">
            <p className="mb-1">
              <strong className="me-2">{localized(crop.name, crop.nameHi)}</strong>
              <span className="text-body-secondary">/crop/{crop.slug}</span>
            </p>
            <dl className="promotion-item__facts small mb-2">
              <div>
                <dt>{t("Seasons")}</dt>
                <dd>{crop.seasons.length > 0 ? crop.seasons.map((season) => t(SEASON_NAMES[season])).join(", ") : t("None")}</dd>
              </div>
              <div>
                <dt>{t("Growth stages")}</dt>
                <dd>{crop.stages.length > 0 ? crop.stages.map((stage) => localized(stage.name, stage.nameHi)).join(", ") : t("None")}</dd>
              </div>
              <div>
                <dt>{t("Its problems")}</dt>
                <dd>{crop.problems.length > 0 ? crop.problems.map((link) => problemName(link.problem)).join(", ") : t("None")}</dd>
              </div>
            </dl>
            <ItemActions
              name={crop.name}
              onEdit={() => onEdit(crop)}
              confirm={t("Delete the crop {name}? Its page goes, and products no longer name it.", { name: crop.name })}
              onDelete={() => void remove(crop.slug)}
              busy={isLoading}
            />
          </ListGroup.Item>
        ))}
      </ListGroup>
    </>
  );
}

function ProblemList({ answer, onEdit }: { answer: StaffCrops; onEdit: (problem: Problem) => void }) {
  const [remove, { error, isLoading }] = useDeleteProblemMutation();
  const { crops, problems } = answer;
  if (problems.length === 0) return <p>{t("No problems yet.")}</p>;
  const cropsOf = (slug: string) =>
    crops.filter((crop) => crop.problems.some((link) => link.problem === slug)).map((crop) => localized(crop.name, crop.nameHi));
  return (
    <>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <ListGroup as="ul" aria-label={t("Problems")}>
        {problems.map((problem) => {
          const troubled = cropsOf(problem.slug);
          return (
            <ListGroup.Item as="li" key={problem.slug} className="promotion-item">
              <p className="mb-1">
                <strong className="me-2">{localized(problem.name, problem.nameHi)}</strong>
                <span className="text-body-secondary">{t(PROBLEM_KIND_NAMES[problem.kind])}</span>
              </p>
              <dl className="promotion-item__facts small mb-2">
                <div>
                  <dt>{t("Crops")}</dt>
                  <dd>{troubled.length > 0 ? troubled.join(", ") : t("None")}</dd>
                </div>
              </dl>
              <ItemActions
                name={problem.name}
                onEdit={() => onEdit(problem)}
                confirm={t("Delete the problem {name}? Its pages go, and crops and products no longer name it.", { name: problem.name })}
                onDelete={() => void remove(problem.slug)}
                busy={isLoading}
              />
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </>
  );
}

/** An item's Edit and Delete (Delete asks `confirm` first). */
function ItemActions(props: { name: string; onEdit: () => void; confirm: string; onDelete: () => void; busy: boolean }) {
  return (
    <div className="promotion-item__actions">
      <Button variant="light" className="border staff-tap" onClick={props.onEdit}>
        {t("Edit {name}", { name: props.name })}
      </Button>
      <Button
        variant="danger"
        className="staff-tap"
        disabled={props.busy}
        onClick={() => {
          if (window.confirm(props.confirm)) props.onDelete();
        }}
      >
        {t("Delete {name}", { name: props.name })}
      </Button>
    </div>
  );
}
