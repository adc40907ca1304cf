import type { Db } from "../../db/database.ts";
import { imageFiles } from "../../lib/images.ts";
import type { MediaStorage, PrivateStorage } from "../../lib/storage.ts";
import * as repo from "./repository.ts";

/**
 * Moves the photos of returns asked for before photos were private out of the public media into
 * private storage (start-up, prepare.ts): every file of each photo found in `media`. Answers how
 * many files moved; a photo moved already moves nothing.
 */
export async function movePhotosOutOfMedia(db: Db, media: PrivateStorage, photos: MediaStorage): Promise<number> {
  let moved = 0;
  for (const path of await repo.findAllPhotos(db)) {
    for (const file of imageFiles(path)) {
      const data = await media.get(file);
      if (!data) continue;
      await photos.put(file, data);
      await media.remove(file);
      moved++;
    }
  }
  return moved;
}
