// The server-rendered pages' way to start the app: deferred scripts run once the page's
// stylesheet is in, so only then is the app's module asked for, and on a slow connection the
// stylesheet the page waits for does not share the line with it. (The entry is named by the
// data-entry attribute: its file name changes with every build.)
(() => {
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = document.currentScript.dataset.entry;
  document.head.appendChild(script);
})();
