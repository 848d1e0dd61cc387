import "server-only";
import { MENU_FILE_MAX_BYTES } from "@/lib/shared/menu/menu-file";
import { ApiError, fieldError } from "../platform/errors";
import { holdUploadBody, readCapped } from "./body";
import { multipartParts } from "./multipart";
import { said } from "@/lib/shared/words/said";

// A menu file's upload (docs/architecture/menu-file.md): multipart/form-data with the file in
// `file`, or the file itself as a text/csv or application/json body. Read with a hard cap as it
// streams (413 as soon as more than 2 MB arrives); call it once the caller may act on the menu.

const MAX_UPLOAD_BYTES = MENU_FILE_MAX_BYTES + 16 * 1024;
const TOO_LARGE = said("messages.menuFileTooLarge", { max: MENU_FILE_MAX_BYTES / 1024 / 1024 });
const tooLarge = () => new ApiError("payload_too_large", TOO_LARGE, { file: TOO_LARGE });

export async function readMenuUpload(request: Request): Promise<string> {
  holdUploadBody(request, MAX_UPLOAD_BYTES);
  const body = await readCapped(request, MAX_UPLOAD_BYTES, tooLarge);
  const type = request.headers.get("content-type") ?? "";
  if (/^(text\/csv|application\/json)\b/i.test(type)) return new TextDecoder().decode(body);
  const parts = multipartParts(body, type);
  const files = parts?.filter((part) => part.name === "file") ?? [];
  if (files.length !== 1) throw fieldError("file", said("rules.handlers.fileField"));
  if (files[0]!.bytes.byteLength > MENU_FILE_MAX_BYTES) throw tooLarge();
  return new TextDecoder().decode(files[0]!.bytes);
}
