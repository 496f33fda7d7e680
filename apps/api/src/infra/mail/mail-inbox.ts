import type { CapturedMail } from './mail-capture.js';

/**
 * Read-only HTML pages for the development mail capture (mounted at /dev/mail). Every value from a message is
 * escaped; a message's own HTML is shown only inside a sandboxed iframe (no scripts, no same-origin access).
 * No script and no inline style: the pages work under a strict Content-Security-Policy.
 */
export interface InboxOptions {
  /** Where the inbox is mounted; message pages are `${basePath}/${id}`. Default '/dev/mail'. */
  basePath?: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

export function renderInbox(
  messages: readonly CapturedMail[],
  { basePath = '/dev/mail' }: InboxOptions = {},
): string {
  const rows = [...messages]
    .reverse()
    .map(
      (mail) => `<tr>
<td>${escapeHtml(mail.receivedAt)}</td>
<td>${escapeHtml(mail.to.join(', ') || mail.envelope.to.join(', '))}</td>
<td><a href="${escapeHtml(`${basePath}/${encodeURIComponent(mail.id)}`)}">${escapeHtml(mail.subject || '(no subject)')}</a></td>
<td>${mail.attachments.length || ''}</td>
</tr>`,
    )
    .join('\n');
  const body =
    messages.length === 0
      ? '<p>No mail yet. Messages the app sends appear here (nothing is delivered).</p>'
      : `<table>
<thead><tr><th scope="col">Received (UTC)</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(`Mail capture (${messages.length})`, `<h1>Mail capture</h1>\n${body}`, 5);
}

export function renderMessage(mail: CapturedMail, { basePath = '/dev/mail' }: InboxOptions = {}): string {
  const headers: [string, string][] = [
    ['From', mail.from],
    ['To', mail.to.join(', ')],
    ['Cc', mail.cc.join(', ')],
    ['Envelope recipients', mail.envelope.to.join(', ')],
    ['Subject', mail.subject],
    ['Received (UTC)', mail.receivedAt],
    ['Message-ID', mail.messageId ?? ''],
  ];
  const headerRows = headers
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('\n');
  const attachments = mail.attachments.length
    ? `<h2>Attachments</h2>\n<ul>\n${mail.attachments
        .map(
          (a) =>
            `<li>${escapeHtml(a.filename)} (${escapeHtml(a.contentType)}, ${a.content.length} bytes)</li>`,
        )
        .join('\n')}\n</ul>`
    : '';
  const html =
    mail.html === undefined
      ? ''
      : `<h2>HTML</h2>\n<iframe title="HTML body" sandbox="" referrerpolicy="no-referrer" width="100%" height="600" srcdoc="${escapeHtml(mail.html)}"></iframe>`;
  const body = `<p><a href="${escapeHtml(basePath)}">Back to the inbox</a></p>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<table>
${headerRows}
</table>
<h2>Text</h2>
<pre>${escapeHtml(mail.text)}</pre>
${html}
${attachments}`;
  return page(mail.subject || '(no subject)', body);
}

function page(title: string, body: string, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? `\n<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">${refresh}
<title>${escapeHtml(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;
}
