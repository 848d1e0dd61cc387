import { removeAddress, updateAddress } from "@/lib/server/addresses/book";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/addresses/{id}", async ({ user, params: { id }, body }) => updateAddress(user, id, body));

export const DELETE = handle("DELETE /api/addresses/{id}", async ({ user, params: { id } }) => removeAddress(user, id));
