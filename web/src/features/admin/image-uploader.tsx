import { type ChangeEvent, useState } from "react";
import ProgressBar from "react-bootstrap/ProgressBar";
import { useAppStore } from "../../base/hooks.ts";
import { Message } from "../../components/message.tsx";
import { t } from "../../i18n/index.ts";
import { errorNotice, noticeText } from "../../lib/api-error.ts";
import type { Notice } from "../../lib/notice.ts";
import { imagesChanged } from "./admin-api.ts";
import { IMAGE_TYPES, imageProblem, UploadFailed, uploadImage } from "./image-upload.ts";

interface Upload {
  name: string;
  /** An object URL of the file, shown while it is sent. */
  preview: string;
  percent: number;
  /** Which of the chosen files this is (from 1), and how many there are. */
  index: number;
  count: number;
}

/** Upload image: the chosen files one after another, each with its preview and a progress bar. */
export function ImageUploader({ product }: { product: number }) {
  const store = useAppStore();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problems, setProblems] = useState<Notice[]>([]);

  async function uploadAll(files: File[]) {
    setProblems([]);
    for (const [i, file] of files.entries()) {
      const problem = imageProblem(file);
      if (problem) {
        setProblems((seen) => [...seen, problem]);
        continue;
      }
      const preview = URL.createObjectURL(file);
      setUpload({ name: file.name, preview, percent: 0, index: i + 1, count: files.length });
      try {
        const answer = await uploadImage(store, product, file, (percent) => setUpload((now) => now && { ...now, percent }));
        imagesChanged(store.dispatch, answer);
      } catch (error) {
        const problem = error instanceof UploadFailed ? error.notice : errorNotice(error);
        setProblems((seen) => [...seen, { message: "{file}: {problem}", values: { file: file.name, problem } }]);
      } finally {
        URL.revokeObjectURL(preview);
      }
    }
    setUpload(null);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length > 0) void uploadAll(files);
  }

  return (
    <div className="mt-3">
      <label htmlFor="image-upload" className="form-label">
        {t("Upload image")}
      </label>
      <input
        id="image-upload"
        type="file"
        className="form-control staff-tap"
        aria-describedby="image-upload-hint"
        accept={IMAGE_TYPES}
        multiple
        disabled={upload !== null}
        onChange={choose}
      />
      <div id="image-upload-hint" className="form-text">
        {t("JPEG, PNG or WebP, up to 5 MB each. You can choose several.")}
      </div>
      {upload && (
        <div className="d-flex align-items-center gap-3 mt-2">
          <img
            src={upload.preview}
            alt={t("Preview of {file}", { file: upload.name })}
            width={80}
            height={60}
            className="product-image img-thumbnail"
          />
          <div className="flex-grow-1">
            <div className="small mb-1">
              {upload.count > 1
                ? t("Uploading {file} ({index} of {count})", { file: upload.name, index: upload.index, count: upload.count })
                : t("Uploading {file}", { file: upload.name })}
            </div>
            <ProgressBar>
              <ProgressBar now={upload.percent} label={`${upload.percent}%`} aria-label={t("Uploading {file}", { file: upload.name })} />
            </ProgressBar>
          </div>
        </div>
      )}
      {problems.length > 0 && (
        <div className="mt-2">
          <Message variant="danger">
            {problems.map((problem, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows during one upload round
              <div key={i}>{noticeText(problem)}</div>
            ))}
          </Message>
        </div>
      )}
    </div>
  );
}
