/** A stored file as a download (`attachment`) or to show in the browser (`inline`); never cached by shared caches. */
export function fileResponse(
  file: { fileName: string; contentType: string; content: Buffer },
  disposition: 'inline' | 'attachment',
): Response {
  return new Response(new Uint8Array(file.content), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `${disposition}; filename="${file.fileName}"`,
      'Content-Length': String(file.content.length),
      'Cache-Control': 'private, no-store',
    },
  });
}
