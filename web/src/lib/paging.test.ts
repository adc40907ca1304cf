import { describe, expect, it } from "vitest";
import { countHeader, pageHref, pageNumber, pagingOf } from "./paging.ts";

describe("paging", () => {
  it("reads the count headers, ignoring what is not a count", () => {
    const headers = new Headers({ "X-Total-Count": " 120 ", "X-Page-Count": "-1" });
    expect(countHeader(headers, "X-Total-Count")).toBe(120);
    expect(countHeader(headers, "X-Page-Count")).toBeNull();
    expect(countHeader(undefined, "X-Total-Count")).toBeNull();
  });

  it("takes the page count from the headers, else from the items on the page", () => {
    expect(pagingOf(new Headers({ "X-Total-Count": "120", "X-Page-Count": "3" }), 2, 50, 50)).toEqual({ total: 120, page: 2, pages: 3 });
    expect(pagingOf(new Headers(), 1, 7, 50)).toEqual({ total: 7, page: 1, pages: 1 });
    expect(pagingOf(new Headers(), 1, 0, 50)).toEqual({ total: 0, page: 1, pages: 1 });
  });

  it("reads ?page= as a whole number from 1", () => {
    expect([null, "3", "0", "-2", "2.5", "x"].map(pageNumber)).toEqual([1, 3, 1, 1, 1, 1]);
  });

  it("links to a page keeping the other query parameters, page 1 without ?page=", () => {
    const params = new URLSearchParams("search=asha&page=2");
    expect(pageHref("/admin/userlist", params, 3)).toBe("/admin/userlist?search=asha&page=3");
    expect(pageHref("/admin/userlist", params, 1)).toBe("/admin/userlist?search=asha");
    expect(pageHref("/admin/orderlist", new URLSearchParams(), 1)).toBe("/admin/orderlist");
  });
});
