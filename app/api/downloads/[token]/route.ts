import { z } from 'zod';
import { openDownload } from '@/lib/domain/catalogue/open-download';
import { CONTENT_TYPES } from '@/lib/files/file-kind';
import { ApiError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

const params = z.object({ token: z.string().max(200) });

/** GET /api/downloads/{token}: the workbook of an e-mailed link, for its user, within its hour; 410 after. */
export const GET = route({ params }, async ({ actor, params }) => {
  const download = await openDownload(actor, params.token);
  if (download.status === 'expired')
    throw new ApiError(410, 'This download link has expired. Download links work for one hour; ask for a new download.');
  return new Response(new Uint8Array(download.content), {
    headers: {
      'Content-Type': CONTENT_TYPES.xlsx,
      'Content-Disposition': `attachment; filename="${download.fileName}"`,
      'Content-Length': String(download.content.length),
      'Cache-Control': 'private, no-store',
    },
  });
});
