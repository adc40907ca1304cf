import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * A stand-in for XMLHttpRequest (image uploads, which report their progress): it records what is
 * sent; the test then reports progress and answers with `progress` and `respond`.
 */
export class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  /** A field of the form sent: its text, or a file's name. */
  field(name: string): string | undefined {
    const value = this.body?.get(name);
    return value instanceof File ? value.name : (value ?? undefined);
  }

  /** `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }

  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }

  static sent: FakeXhr[] = [];
}

/** Replaces XMLHttpRequest until the test ends; returns the requests sent, in order. */
export function fakeXhr(): FakeXhr[] {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return FakeXhr.sent;
}
