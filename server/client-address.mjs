// @ts-check
// `x-nosh-client-address` is overwritten with the socket's peer address on every request
// (whatever the client sent): lib/server/web/client-address.ts clientAddress() reads it when TRUST_PROXY is off.
import { CLIENT_ADDRESS_HEADER } from "../lib/shared/web/host-contract.mjs";

/** Replaces whatever the client sent in CLIENT_ADDRESS_HEADER with the socket's peer address. @param {import("node:http").IncomingMessage} req */
export function setClientAddress(req) {
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i].toLowerCase() === CLIENT_ADDRESS_HEADER) raw.splice(i, 2);
  }
  const address = req.socket.remoteAddress ?? "";
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  raw.push(CLIENT_ADDRESS_HEADER, address);
}
