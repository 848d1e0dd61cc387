import { describe, expect, it, vi } from "vitest";
import { jobsSetting, localOrigin, serverSettings } from "./settings.mjs";

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

// Where the background jobs run (docs/deploying.md): in the web process unless JOBS=process asks for a
// job process beside it (never under `npm run dev`, whose code changes under it).
describe("JOBS", () => {
  it("defaults to inline, takes a job process in production when asked, and refuses anything but inline, process or off", () => {
    expect(jobsSetting(undefined, false)).toBe("inline");
    expect(jobsSetting("process", false)).toBe("process");
    expect(jobsSetting(undefined, true)).toBe("inline");
    expect(jobsSetting(" Inline ", false)).toBe("inline");
    expect(jobsSetting("off", false)).toBe("off");
    expect(jobsSetting("process", true)).toBe("inline");
    expect(serverSettings([], { JOBS: "off" }).jobs).toBe("off");
    const exit = vi.spyOn(process, "exit").mockImplementation((() => {
      throw new Error("exited");
    }) as never);
    try {
      expect(() => jobsSetting("thread", false)).toThrow("exited");
    } finally {
      exit.mockRestore();
    }
  });
});
