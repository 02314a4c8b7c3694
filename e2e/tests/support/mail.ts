import fs from 'node:fs';
import path from 'node:path';

/** Decodes quoted-printable soft breaks and escapes, enough to read links out of an .eml. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest link of `kind` sent to `to`, read from the server's outbox (DATA_DIR/outbox). */
export async function latestLink(to: string, linkPath: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(outbox)) {
      const files = fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => path.join(outbox, f))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
      for (const file of files) {
        const raw = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
        if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
        const escaped = linkPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        const match = raw.match(new RegExp(`https?://[^\\s"'<>]*${escaped}\\?token=[A-Za-z0-9_-]+`));
        if (match) return match[0];
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No ${linkPath} e-mail for ${to} in ${outbox}`);
}
