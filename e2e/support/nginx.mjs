// nginx in front of several server.mjs instances on loopback, for `npm run test:cluster` and
// `npm run bench -- --instances N`. Everything nginx writes goes under `dir`; it runs in the
// foreground (daemon off) so the caller owns the process and kills it when done.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const hasNginx = () => existsSync(NGINX);

/** Writes `dir/nginx.conf` (round robin over `upstreamPorts`, listening on `port`) and returns the nginx arguments. */
export function nginxArgs({ dir, port, upstreamPorts }) {
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `${asRoot ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_max_body_size 10m;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  upstream nosh {
    ${upstreamPorts.map((p) => `server 127.0.0.1:${p};`).join("\n    ")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://nosh;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Which instance answered: the cluster test proves requests through the proxy reach both.
      add_header X-Nosh-Instance $upstream_addr always;
    }
  }
}
`,
  );
  return ["-p", dir, "-c", path.join(dir, "nginx.conf")];
}
