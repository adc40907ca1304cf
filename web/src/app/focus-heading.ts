/**
 * Moves the focus to the screen's main heading (the `h1` in `main`), made focusable for it (not
 * in the Tab order); answers the heading, or undefined when the screen has none yet.
 */
export function focusHeading(options?: FocusOptions): HTMLElement | undefined {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus(options);
  return heading;
}
