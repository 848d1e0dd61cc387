import { badRequest } from "@/lib/server/errors";
import { json, parseId, route } from "@/lib/server/http";
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from "@/lib/validation/picture";
import { requireUser } from "@/lib/server/session";
import { updatePicture, userToJson } from "@/lib/server/users";

// PUT /api/users/pfp/{id} - multipart/form-data with the picture in `picture` (or `image`,
// `file`): PNG, JPEG or WebP by content, at most 5 MB -> the full user
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  if (Number(request.headers.get("content-length") ?? 0) > MAX_PICTURE_BYTES + 64 * 1024) {
    throw badRequest(PICTURE_MESSAGES.tooLarge, { picture: PICTURE_MESSAGES.tooLarge });
  }
  const form = await request.formData().catch(() => {
    throw badRequest("Send the picture as multipart/form-data", { picture: PICTURE_MESSAGES.missing });
  });
  const file = ["picture", "image", "file", "profileImage"].map((name) => form.get(name)).find((value) => value instanceof File) ?? null;
  return json(userToJson(await updatePicture(user, id, file as File | null)));
});
