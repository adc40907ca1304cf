import { type FormEvent, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { errorText, type FieldErrors } from "../../lib/api-error.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { QueryState } from "./staff-list.tsx";
import {
  useCreateVocabularyGroupMutation,
  useDeleteVocabularyGroupMutation,
  useGetVocabularyQuery,
  useUpdateVocabularyGroupMutation,
  type VocabularyGroup,
} from "./vocabulary-api.ts";

/**
 * The search vocabulary (loaded when staff open it): groups of words that find one another's
 * products, added, changed and removed one by one. Searches use a change at once.
 */
export function SearchVocabulary() {
  const { currentData, error, isFetching } = useGetVocabularyQuery();
  const [editing, setEditing] = useState<VocabularyGroup | null>(null);
  return (
    <Card body className="mt-4">
      <h3 id="vocabulary-groups" className="h5">
        {t("Groups of search words")}
      </h3>
      {/* A form of its own for each group edited: its field starts from that group. */}
      <GroupForm key={editing?.id ?? "new"} group={editing} onDone={() => setEditing(null)} />
      <QueryState data={currentData} error={error} isFetching={isFetching}>
        {(groups) => <GroupList groups={groups} onEdit={setEditing} />}
      </QueryState>
    </Card>
  );
}

/** A group as its buttons name it: its first word. */
const groupName = (group: VocabularyGroup) => group.words[0] ?? "";

function GroupList({ groups, onEdit }: { groups: VocabularyGroup[]; onEdit: (group: VocabularyGroup) => void }) {
  const [remove, { error, isLoading }] = useDeleteVocabularyGroupMutation();
  if (groups.length === 0) return <p>{t("No search words yet.")}</p>;
  return (
    <>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      <ul className="list-group mt-3" aria-labelledby="vocabulary-groups">
        {groups.map((group) => {
          const name = groupName(group);
          return (
            <li key={group.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <span className="flex-grow-1 text-break">{group.words.join(", ")}</span>
              <span className="text-nowrap">
                <Button variant="light" size="sm" className="border staff-tap" onClick={() => onEdit(group)}>
                  {t("Edit {name}", { name })}
                </Button>{" "}
                <Button
                  variant="danger"
                  size="sm"
                  className="staff-tap"
                  disabled={isLoading}
                  onClick={() => {
                    if (window.confirm(t("Delete the group of search words {name}?", { name }))) void remove(group.id);
                  }}
                >
                  {t("Delete {name}", { name })}
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The words of the field, one between each comma (or line), as the server takes them. */
const wordsOf = (text: string) =>
  text
    .split(/[,،\n]/)
    .map((word) => word.trim())
    .filter(Boolean);

/** The server's problems with the words or with one of them ("words.1"), under the one field. */
function wordErrors(fields: FieldErrors): string[] | undefined {
  const messages = Object.entries(fields).flatMap(([field, list]) => (field === "words" || field.startsWith("words.") ? (list ?? []) : []));
  return messages.length > 0 ? [...new Set(messages)] : undefined;
}

/** Adds a group, or changes the one chosen in the list. */
function GroupForm({ group, onDone }: { group: VocabularyGroup | null; onDone: () => void }) {
  const [create, created] = useCreateVocabularyGroupMutation();
  const [update, updated] = useUpdateVocabularyGroupMutation();
  const [text, setText] = useState(group ? group.words.join(", ") : "");
  const [saved, setSaved] = useState(false);
  const [tooFew, setTooFew] = useState(false);
  const { error, isLoading } = group ? updated : created;
  const server = saveErrors(error, []);
  const serverWords = wordErrors(server.fields);
  const errors = tooFew ? [t("Write at least two words, separated by commas.")] : serverWords;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const focusProblem = () => {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    };
    const words = wordsOf(text);
    setTooFew(words.length < 2);
    if (words.length < 2) return focusProblem();
    const result = group ? await update({ id: group.id, words }) : await create({ words });
    if (result.error) return focusProblem();
    if (group) onDone();
    else {
      setText("");
      setSaved(true);
    }
  }

  const title = group ? t("Change the group {name}", { name: groupName(group) }) : t("Add a group of search words");
  return (
    <form noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      <h4 className="h6">{title}</h4>
      {saved && <Message variant="success">{t("Search words added.")}</Message>}
      {!tooFew && !serverWords && server.detail && <Message variant="danger">{server.detail}</Message>}
      <TextField
        id="vocabulary-words"
        label={t("Words")}
        hint={t("Separate them with commas: khad, खाद, fertiliser, manure. A phrase such as spray pump is one word.")}
        value={text}
        errors={errors}
        onChange={(value) => {
          setText(value);
          setSaved(false);
          setTooFew(false);
        }}
      />
      <Button type="submit" variant="primary" className="staff-tap" disabled={isLoading}>
        {group ? t("Save group") : t("Add group")}
      </Button>{" "}
      {group && (
        <Button type="button" variant="light" className="border staff-tap" onClick={onDone}>
          {t("Cancel")}
        </Button>
      )}
    </form>
  );
}
