import "server-only";

/** The server's configuration, read once from the environment (see .env.example). */
export { config } from "../../edge/load-config";
