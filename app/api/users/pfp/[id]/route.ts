import { ApiError, badRequest } from "@/lib/server/platform/errors";
import { checkPictureOwner, updatePicture, userToJson } from "@/lib/server/accounts/users";
import { MAX_PICTURE_BYTES, PICTURE_SAID } from "@/lib/contract/common/picture-rules";
import { handle } from "@/lib/server/web/handle";
import { readUploadForm } from "@/lib/server/web/multipart";
import { said } from "@/lib/shared/words/said";

/** The picture plus the multipart envelope around it (boundaries, part headers, other fields). */
const MAX_UPLOAD_BYTES = MAX_PICTURE_BYTES + 64 * 1024;
const tooLarge = () => new ApiError("payload_too_large", PICTURE_SAID.tooLarge, { picture: PICTURE_SAID.tooLarge });

// Who is asking is checked before one byte of the body is read; the body is then read with a hard cap (413).
export const PUT = handle(
  "PUT /api/users/pfp/{id}",
  async ({ request, user, params: { id } }) => {
    checkPictureOwner(user, id);
    const form = await readUploadForm(request, MAX_UPLOAD_BYTES, tooLarge, () => badRequest(said("rules.handlers.pictureMultipart"), { picture: PICTURE_SAID.missing }));
    const file = ["picture", "image", "file", "profileImage"].map((name) => form.get(name)).find((value) => value instanceof File) ?? null;
    return userToJson(await updatePicture(user, id, file as File | null));
  },
  { body: "handler" },
);
