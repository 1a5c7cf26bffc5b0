import type { Ticket } from '../../../shared/api/tickets';
import type { ChatMessage } from './messages-cache';
import { buildPdfLines, type PdfLine, type PdfText } from './pdf-layout';

/** The frame's accessible name and test hook. */
export const TRANSCRIPT_FRAME_TITLE = 'chat-transcript';

// The system's own fonts, then its emoji fonts: the browser falls back per character, so every script
// (Turkish ş ğ ı İ, Arabic, CJK…) and emoji prints as the chat shows it.
const PRINT_CSS = `
@page { size: A4; margin: 14mm; }
body { margin: 0; color: #000; background: #fff;
  font: 10pt/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif,
    'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'; }
p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.title { font-size: 16pt; font-weight: bold; margin-bottom: 8pt; }
.meta { margin-bottom: 4pt; }
.author { font-weight: bold; margin-bottom: 2pt; break-after: avoid; }
.gap { height: 6pt; }
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The transcript as a printable UTF-8 document: the lines of the PDF layout, each as escaped text (a
 * message can hold any characters, never markup), one paragraph per line.
 */
export function transcriptHtml(lines: PdfLine[], title: string, lang: string): string {
  const body = lines.map((line) => `<p class="${line.style}">${escapeHtml(line.text)}</p>`).join('\n');
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${PRINT_CSS}</style></head><body>\n${body}\n</body></html>`;
}

/**
 * 1-attendance §1 PDF export of a ticket: the transcript goes into a hidden frame and the browser's print
 * dialog opens on it (where "Save as PDF" is), so its fonts draw every language and emoji — a PDF library's
 * built-in fonts hold only Latin-1. Answers false when there is nothing to export.
 */
export function printTicketTranscript(
  ticket: Pick<Ticket, 'id' | 'contact'>,
  messages: ChatMessage[],
  text: PdfText,
  lang: string,
): boolean {
  const lines = buildPdfLines(ticket, messages, text, new Date());
  if (lines.length === 0) return false;
  document.querySelector(`iframe[title="${TRANSCRIPT_FRAME_TITLE}"]`)?.remove();
  const frame = document.createElement('iframe');
  frame.title = TRANSCRIPT_FRAME_TITLE;
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;visibility:hidden';
  frame.addEventListener(
    'load',
    () => {
      const view = frame.contentWindow;
      if (!view) return;
      // The frame stays until the dialog closes: some browsers print after print() has returned.
      view.addEventListener('afterprint', () => frame.remove(), { once: true });
      view.focus();
      view.print();
    },
    { once: true },
  );
  frame.srcdoc = transcriptHtml(lines, text.title(ticket.id), lang);
  document.body.append(frame);
  return true;
}
