const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c])
}

/** A plain page of the sandbox; `body` must already be escaped. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Piastrix sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#666}button{font-size:1rem;padding:.5rem 1rem;margin:.25rem}
.banner{background:#fff3cd;padding:.5rem;border-radius:4px;font-size:.9rem}.error{color:#b00020}</style></head>
<body><p class="banner">Piastrix sandbox: no real money moves here.</p><h1>${escapeHtml(title)}</h1>
${body}</body></html>`
}
