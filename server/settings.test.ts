import { describe, expect, it } from "vitest";
import { localOrigin, serverSettings } from "./settings.mjs";

// Links in mails point to this server when PUBLIC_ORIGIN is unset (they all said
// http://localhost:3000 whatever the server's address): server/main.mjs sets NOSH_LOCAL_ORIGIN from these.
describe("the origin a local server's links point to", () => {
  it("is the address and port it listens on, localhost for every address, none before an ephemeral port is known", () => {
    expect(localOrigin(serverSettings(["-p", "4123", "-H", "127.0.0.1"], {}))).toBe("http://127.0.0.1:4123");
    expect(localOrigin(serverSettings(["-p", "4123"], {}))).toBe("http://localhost:4123");
    expect(localOrigin(serverSettings([], { PORT: "8080", HOSTNAME: "0.0.0.0" }))).toBe("http://localhost:8080");
    expect(localOrigin(serverSettings([], {}))).toBe("http://localhost:3000");
    expect(localOrigin({ port: 4123, hostname: "::" })).toBe("http://localhost:4123");
    expect(localOrigin({ port: 4123, hostname: "::1" })).toBe("http://[::1]:4123");
    expect(localOrigin({ port: 0, hostname: "127.0.0.1" })).toBeNull();
  });
});
