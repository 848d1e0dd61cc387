import "server-only";
import { loadConfig, type Config } from "./load-config";

let cached: Config | undefined;

/** The server's configuration, read once from the environment (see .env.example). */
export function config(): Config {
  cached ??= loadConfig(process.env);
  return cached;
}
