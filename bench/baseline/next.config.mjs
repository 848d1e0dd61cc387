// The bare baseline for `npm run bench`: one route handler returning constant JSON, with no
// middleware, database, headers or session. Its throughput is the framework's own ceiling on
// this machine, and every Nosh endpoint is reported as a ratio of it.
// bench/bare.mjs copies this folder to /tmp and builds it there, so no build output (which the
// repo's lint and typecheck would otherwise pick up) lands in the working tree.

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
