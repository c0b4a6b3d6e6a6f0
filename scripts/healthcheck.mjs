// The container's health check (Dockerfile HEALTHCHECK, docker-compose.yml): exit 0 when the site
// answers GET /readyz with 200, else 1 (docs/operations.md#health). Node is in the image; curl is not.
const port = process.env.PORT || "3000";
const url = `http://127.0.0.1:${port}${process.argv[2] || "/readyz"}`;
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4_000) });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
