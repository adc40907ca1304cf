/**
 * Hands a file to the browser as a download named `name`: a text (of the given `type`) or a
 * Blob as it came from the server.
 */
export function saveFile(data: string | Blob, name: string, type = "application/octet-stream") {
  const url = URL.createObjectURL(typeof data === "string" ? new Blob([data], { type }) : data);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, not at once: a browser may still be reading the file when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
