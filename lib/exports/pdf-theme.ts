// Shared look of the generated PDFs: A4, standard Helvetica fonts (no font files to ship).
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

export const COLOR = {
  text: '#1f2933',
  muted: '#6b7480',
  faint: '#9aa1ab',
  accent: '#1f3a5f',
  accentText: '#ffffff',
  rule: '#d5dae1',
  band: '#f2f4f7',
  stripe: '#f7f8fa',
  danger: '#b42318',
} as const;

export const PAGE = {
  size: 'A4',
  margin: { top: 40, left: 40, right: 40, bottom: 56 },
  /** Baseline area of the footer, measured up from the bottom edge. */
  footerFromBottom: 34,
} as const;

/** Usable area of the current page. */
export function frame(doc: PDFKit.PDFDocument): { left: number; right: number; width: number; top: number; bottom: number } {
  const { width, height, margins } = doc.page;
  return {
    left: margins.left,
    right: width - margins.right,
    width: width - margins.left - margins.right,
    top: margins.top,
    bottom: height - margins.bottom,
  };
}
