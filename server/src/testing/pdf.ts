import { PDFParse } from "pdf-parse";

/** A PDF's text, its runs of white space made one space (a tax document as a reader reads it). */
export async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}
