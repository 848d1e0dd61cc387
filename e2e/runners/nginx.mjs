// nginx in front of several host (server/main.mjs) instances on loopback, for `npm run test:cluster` and
// `npm run bench -- --instances N`. The site configuration is deploy/nginx.conf itself (the
// one docs/deploying.md tells a deployment to install), with only its marked lines replaced: the
// listen address, the upstream ports and, for the tests, a header naming the instance that
// answered. Everything nginx writes goes under `dir`; it runs in the foreground (daemon off)
// so the caller owns the process and kills it when done.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const hasNginx = () => existsSync(NGINX);

export const DEPLOY_CONFIG = path.resolve(import.meta.dirname, "../../deploy/nginx.conf");

/**
 * deploy/nginx.conf with its `# nosh-...` lines pointed at `port` and `upstreamPorts`.
 * `perAddressLimits: false` drops its `limit_conn` and `limit_req` (a load generator is thousands of
 * visitors from one address: the dinner rush's 1,600 streams against 100 connections an address).
 */
export function renderSiteConfig({ port, upstreamPorts, perAddressLimits = true }) {
  const lines = [];
  let upstreamDone = false;
  for (const line of readFileSync(DEPLOY_CONFIG, "utf8").split("\n")) {
    const indent = line.match(/^\s*/)[0];
    if (line.includes("# nosh-listen")) lines.push(`${indent}listen 127.0.0.1:${port};`);
    else if (line.includes("# nosh-upstream")) {
      if (!upstreamDone) lines.push(...upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p};`));
      upstreamDone = true;
    } else if (line.includes("# nosh-test-headers")) {
      // Which instance answered: the cluster test proves requests through the proxy reach both.
      lines.push(`${indent}add_header X-Nosh-Instance $upstream_addr always;`);
    } else if (!perAddressLimits && /^\s*limit_(conn|req)\s/.test(line)) continue;
    else lines.push(line);
  }
  const text = lines.join("\n");
  if (!upstreamDone || !text.includes(`listen 127.0.0.1:${port};`)) throw new Error(`${DEPLOY_CONFIG} lost its # nosh-listen or # nosh-upstream marker`);
  return text;
}

/** Writes `dir/nginx.conf` (deploy/nginx.conf rendered for loopback; 8,192 connections: the rush holds 1,600 streams, two connections each) and returns the nginx arguments. */
export function nginxArgs({ dir, port, upstreamPorts, perAddressLimits = true }) {
  const asRoot = process.getuid?.() === 0;
  writeFileSync(path.join(dir, "nosh-site.conf"), renderSiteConfig({ port, upstreamPorts, perAddressLimits }));
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `${asRoot ? "user root;\n" : ""}worker_processes 1;
worker_rlimit_nofile 20000;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  include ${dir}/nosh-site.conf;
}
`,
  );
  return ["-p", dir, "-c", path.join(dir, "nginx.conf")];
}
