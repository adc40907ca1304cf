import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import Button from "react-bootstrap/Button";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { pageHref, pageNumber } from "../../lib/paging.ts";

/** A staff list's address: ?search=, ?page= and its other filters, and the address of page n. */
export function useListParams() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return {
    params,
    search: params.get("search")?.trim() ?? "",
    page: pageNumber(params.get("page")),
    hrefFor: (page: number) => pageHref(pathname, params, page),
  };
}

interface SearchFormProps {
  label: MessageId;
  placeholder: MessageId;
  /** The query parameter searched by (default "search"). */
  param?: string;
  /** The keyboard a phone shows ("tel": digits, + and spaces). */
  inputMode?: "search" | "tel";
}

/** Searching goes to ?search={text} (or `param`) on page 1; an empty search lists everything. */
export function SearchForm({ label, placeholder, param = "search", inputMode }: SearchFormProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { params } = useListParams();
  const search = params.get(param)?.trim() ?? "";
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    navigate(query ? `${pathname}?${new URLSearchParams({ [param]: query })}` : pathname);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some phones (and unknown to jsdom)
    <form role="search" aria-label={t(label)} onSubmit={submit} className="d-flex gap-2 mb-3">
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t(placeholder)}
        aria-label={t(label)}
        maxLength={200}
        inputMode={inputMode}
        className="form-control staff-tap"
      />
      <Button type="submit" variant="outline-primary" className="staff-tap text-nowrap flex-shrink-0">
        {t("Search")}
      </Button>
    </form>
  );
}

interface QueryStateProps<T> {
  /** The query's `currentData`: never another page's or another search's answer. */
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  children: (data: T) => ReactNode;
}

/** A query's answer once it is there: the spinner until then, what went wrong when it fails. */
export function QueryState<T>({ data, error, isFetching, children }: QueryStateProps<T>) {
  if (error && !isFetching) return <Message variant="danger">{errorText(error, "detail")}</Message>;
  if (data === undefined) return <Loader />;
  return children(data);
}
